/**
 * Stock Saber: administrative regions (views/base/region.vue). A lazy tree keyed by code (lazy-tree?parentCode=, the
 * node's `id` is the next parentCode, `hasChildren` decides the leaf), a form filled from region/detail?code=, and
 * "新增下级": the parent's detail stays in the form (its other fields and any `id` included), parentCode/parentName
 * become the parent's code/name, level + 1, and the code is parentCode + the typed sub-code. Delete sends the code
 * as `id`. The debug dialog cascades region/select?code= (a dicUrl without /api, prefixed by axios).
 */
import type { Step } from '../fixture.js';

export const saberRegion: Step[] = [
  {
    id: 'region.top', page: 'base/region', does: 'opens the page: the first level (lazy-tree?parentCode=00)',
    method: 'GET', url: '/api/blade-system/region/lazy-tree', query: { parentCode: '00' },
    reads: [
      { path: 'data[].id', is: 'text', why: 'the next parentCode and the detail code (treeCode = data.id)' },
      { path: 'data[].title', is: 'text', why: 'props.label' },
      { path: 'data[].hasChildren', is: 'boolean', why: 'leaf: !item.hasChildren' },
    ],
    save: { provinceCode: 'data[0].id', provinceName: 'data[0].title' },
  },
  {
    id: 'region.expand', page: 'base/region', does: 'expands the first province',
    method: 'GET', url: '/api/blade-system/region/lazy-tree', query: { parentCode: '{{provinceCode}}' },
    reads: [{ path: 'data[].id', is: 'text' }, { path: 'data[].title', is: 'text' }, { path: 'data[].parentId', like: '{{provinceCode}}', why: 'treeParentCode = data.parentId' }],
  },
  {
    id: 'region.levels', page: 'base/region', does: 'fills the level radio (dict region, dataType number)',
    method: 'GET', url: '/api/blade-system/dict/dictionary', query: { code: 'region' },
    reads: [{ path: 'data[dictKey=1].dictValue', is: 'text' }, { path: 'data[dictKey=2].dictValue', is: 'text' }],
  },
  {
    id: 'region.detail', page: 'base/region', does: 'clicks the province: its detail fills the form',
    method: 'GET', url: '/api/blade-system/region/detail', query: { code: '{{provinceCode}}' },
    reads: [
      { path: 'data.code', equals: '{{provinceCode}}', why: 'subCode = code.replace(parentCode, "")' },
      { path: 'data.parentCode', is: 'string' },
      { path: 'data.name', equals: '{{provinceName}}' },
      { path: 'data.level', equals: 1, why: 'the level radio (Number(dictKey)); "新增下级" adds 1' },
      { path: 'data.sort', is: 'number' },
    ],
    save: { provinceDetail: 'data' },
  },
  {
    id: 'region.add-child', page: 'base/region', does: '"新增下级" then save: the parent\'s detail with the child\'s fields over it',
    method: 'POST', url: '/api/blade-system/region/submit',
    body: {
      '...': '{{provinceDetail}}', parentCode: '{{provinceCode}}', parentName: '{{provinceName}}', code: '{{provinceCode}}99', subCode: '99',
      name: 'Saber 区划', level: 2, sort: 99, remark: 'Saber fixture',
    },
  },
  {
    id: 'region.find', page: 'base/region', does: 'the tree reloads under the province', needs: ['region.add-child'],
    method: 'GET', url: '/api/blade-system/region/lazy-tree', query: { parentCode: '{{provinceCode}}' },
    reads: [{ path: 'data[id={{provinceCode}}99].title', equals: 'Saber 区划' }, { path: 'data[id={{provinceCode}}99].hasChildren', equals: false }],
    save: { childCode: 'data[id={{provinceCode}}99].id' },
  },
  {
    id: 'region.child-detail', page: 'base/region', does: 'clicks the new region', needs: ['region.add-child'],
    method: 'GET', url: '/api/blade-system/region/detail', query: { code: '{{provinceCode}}99' },
    reads: [
      { path: 'data.code', equals: '{{provinceCode}}99' }, { path: 'data.parentCode', equals: '{{provinceCode}}' }, { path: 'data.name', equals: 'Saber 区划' },
      { path: 'data.level', equals: 2 }, { path: 'data.remark', equals: 'Saber fixture' },
    ],
    save: { childDetail: 'data' },
  },
  {
    id: 'region.edit', page: 'base/region', does: 'edits it (the form again: detail + subCode)',
    method: 'POST', url: '/api/blade-system/region/submit', body: { '...': '{{childDetail}}', subCode: '99', code: '{{provinceCode}}99', name: 'Saber 区划 (edited)' },
  },
  {
    id: 'region.edited', page: 'base/region', does: 'clicks it again', needs: ['region.edit'],
    method: 'GET', url: '/api/blade-system/region/detail', query: { code: '{{provinceCode}}99' }, reads: [{ path: 'data.name', equals: 'Saber 区划 (edited)' }],
  },
  {
    id: 'region.select-provinces', page: 'base/region', does: 'the debug dialog: provinces (region/select)',
    method: 'GET', url: '/api/blade-system/region/select',
    reads: [{ path: 'data[].code', is: 'text', why: 'props.value' }, { path: 'data[].name', is: 'text', why: 'props.label' }, { path: 'data[code={{provinceCode}}].name', equals: '{{provinceName}}' }],
  },
  {
    id: 'region.select-cities', page: 'base/region', does: '… and the cities of the chosen province (region/select?code=)', needs: ['region.add-child'],
    method: 'GET', url: '/api/blade-system/region/select', query: { code: '{{provinceCode}}' },
    reads: [{ path: 'data[].code', is: 'text' }, { path: 'data[code={{provinceCode}}99].name', is: 'text' }],
  },
  { id: 'region.remove', page: 'base/region', does: 'deletes it (the code as id)', method: 'POST', url: '/api/blade-system/region/remove', query: { id: '{{childCode}}' } },
  {
    id: 'region.removed', page: 'base/region', does: 'the tree reloads', needs: ['region.remove'],
    method: 'GET', url: '/api/blade-system/region/lazy-tree', query: { parentCode: '{{provinceCode}}' }, reads: [{ path: 'data[id={{childCode}}]', none: true }],
  },
];
