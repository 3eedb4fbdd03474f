/**
 * Stock Saber: notices (views/desk/notice.vue), the three log pages (monitor/log/usual, api, error) and the report
 * list (report/reportlist.vue). Notice requests set `cryptoToken: false`, so the token travels as `bearer` as
 * everywhere else. The log pages list and open one row in a drawer; a row exists for the API log once the earlier
 * pages have run.
 */
import type { Step } from '../fixture.js';

export const saberDesk: Step[] = [
  {
    id: 'notice.types', page: 'desk/notice', does: 'fills the type select (dict notice; no dataType: the key as sent)',
    method: 'GET', url: '/api/blade-system/dict/dictionary', query: { code: 'notice' },
    reads: [{ path: 'data[].dictKey', is: ['string', 'number'] }, { path: 'data[].dictValue', is: 'text' }],
    save: { noticeCategory: 'data[0].dictKey' },
  },
  {
    id: 'notice.create', page: 'desk/notice', does: 'adds a notice (date picker value format YYYY-MM-DD HH:mm:ss, rich text content)',
    method: 'POST', url: '/api/blade-desk/notice/submit',
    body: { title: 'Saber fixture notice', category: '{{noticeCategory}}', releaseTime: '2026-11-25 10:00:00', content: '<p>Hello from Saber</p>' },
  },
  {
    id: 'notice.list', page: 'desk/notice', does: 'lists notices', needs: ['notice.create'],
    method: 'GET', url: '/api/blade-desk/notice/list', query: { current: 1, size: 10 },
    reads: [
      { path: 'data.total', is: 'number' },
      { path: 'data.records[title=Saber fixture notice].categoryName', is: 'text', why: 'the type cell is a tag of row.categoryName' },
      { path: 'data.records[title=Saber fixture notice].releaseTime', matches: '^2026-11-25 10:00:00$', why: 'format YYYY-MM-DD HH:mm:ss' },
    ],
    save: { noticeId: 'data.records[title=Saber fixture notice].id' },
  },
  {
    id: 'notice.search', page: 'desk/notice', does: 'searches by title and type',
    method: 'GET', url: '/api/blade-desk/notice/list', query: { title: 'Saber fixture', category: '{{noticeCategory}}', current: 1, size: 10 },
    reads: [{ path: 'data.records[id={{noticeId}}].title', equals: 'Saber fixture notice' }],
  },
  {
    id: 'notice.detail', page: 'desk/notice', does: 'opens it (getNotice)',
    method: 'GET', url: '/api/blade-desk/notice/detail', query: { id: '{{noticeId}}' },
    reads: [{ path: 'data.content', contains: 'Hello from Saber' }, { path: 'data.category', like: '{{noticeCategory}}' }],
    save: { noticeDetail: 'data' },
  },
  { id: 'notice.edit', page: 'desk/notice', does: 'saves the edit dialog', method: 'POST', url: '/api/blade-desk/notice/submit', body: { '...': '{{noticeDetail}}', title: 'Saber fixture notice (edited)' } },
  {
    id: 'notice.edited', page: 'desk/notice', does: 'opens it again', needs: ['notice.edit'],
    method: 'GET', url: '/api/blade-desk/notice/detail', query: { id: '{{noticeId}}' }, reads: [{ path: 'data.title', equals: 'Saber fixture notice (edited)' }],
  },
  { id: 'notice.remove', page: 'desk/notice', does: 'deletes it', method: 'POST', url: '/api/blade-desk/notice/remove', query: { ids: '{{noticeId}}' } },
  {
    id: 'notice.removed', page: 'desk/notice', does: 'lists again', needs: ['notice.remove'],
    method: 'GET', url: '/api/blade-desk/notice/list', query: { current: 1, size: 10 }, reads: [{ path: 'data.records[id={{noticeId}}]', none: true }],
  },

  {
    id: 'log.usual', page: 'monitor/log/usual', does: 'lists the usual log',
    method: 'GET', url: '/api/blade-log/usual/list', query: { current: 1, size: 10 },
    reads: [{ path: 'data.total', is: 'number' }, { path: 'data.records', is: 'array' }],
  },
  {
    id: 'log.api', page: 'monitor/log/api', does: 'lists the API log',
    method: 'GET', url: '/api/blade-log/api/list', query: { current: 1, size: 10 },
    reads: [
      { path: 'data.total', is: 'number' },
      { path: 'data.records[].id', is: 'id' },
      { path: 'data.records[].title', is: 'string' },
      { path: 'data.records[].method', is: 'text' },
      { path: 'data.records[].requestUri', is: 'text' },
      { path: 'data.records[].createTime', is: 'text' },
    ],
    save: { apiLogId: 'data.records[0].id' },
  },
  {
    id: 'log.api-detail', page: 'monitor/log/api', does: 'opens a row in the drawer',
    method: 'GET', url: '/api/blade-log/api/detail', query: { id: '{{apiLogId}}' },
    reads: [{ path: 'data.requestUri', is: 'text' }, { path: 'data.params', is: ['string', 'null'] }, { path: 'data.userAgent', is: ['string', 'null'] }],
  },
  {
    id: 'log.api-search', page: 'monitor/log/api', does: 'searches (the search form has service id and host; getApiList drops them: current/size only)',
    method: 'GET', url: '/api/blade-log/api/list', query: { current: 2, size: 10 }, reads: [{ path: 'data.records', is: 'array' }],
  },
  {
    id: 'log.error', page: 'monitor/log/error', does: 'lists the error log',
    method: 'GET', url: '/api/blade-log/error/list', query: { current: 1, size: 10 },
    reads: [{ path: 'data.total', is: 'number' }, { path: 'data.records', is: 'array' }],
  },
  {
    id: 'report.list', page: 'report/reportlist', does: 'lists reports',
    method: 'GET', url: '/api/blade-report/report/rest/list', query: { current: 1, size: 10 },
    reads: [{ path: 'data.total', is: 'number' }, { path: 'data.records', is: 'array' }],
  },
];
