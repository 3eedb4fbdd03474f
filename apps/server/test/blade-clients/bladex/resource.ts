/**
 * BladeX request shapes named by the console spec §7 (OSS and SMS, attachments, blade-develop): the resource pages of
 * a BladeX Saber (views/resource/oss.vue, sms.vue, attach.vue: category radios from the `oss` / `sms` dictionaries
 * with dataType number; enable and delete with query parameters) and the develop lists.
 * Not replayed: OSS enable (it would move this server's uploads to the fixture's endpoint), model table-list /
 * table-info / prototypes and gen-code (they read tables from an external data source).
 */
import type { Step } from '../fixture.js';

export const bladexResource: Step[] = [
  {
    id: 'bx.oss-categories', page: 'bladex/oss', does: 'the category radio (dict oss)',
    method: 'GET', url: '/api/blade-system/dict/dictionary', query: { code: 'oss' }, reads: [{ path: 'data[dictKey=1].dictValue', is: 'text' }],
  },
  {
    id: 'bx.oss-create', page: 'bladex/oss', does: 'adds an object-storage configuration (MinIO)',
    method: 'POST', url: '/api/blade-resource/oss/submit',
    body: { category: 1, ossCode: 'bx_minio', endpoint: 'http://127.0.0.1:9000', bucketName: 'helio', accessKey: 'bx-access', secretKey: 'bx-secret-key', appId: '', region: '', remark: '' },
  },
  {
    id: 'bx.oss-list', page: 'bladex/oss', does: 'lists configurations', needs: ['bx.oss-create'],
    method: 'GET', url: '/api/blade-resource/oss/list', query: { current: 1, size: 10 },
    reads: [{ path: 'data.total', is: 'number' }, { path: 'data.records[ossCode=bx_minio].endpoint', equals: 'http://127.0.0.1:9000' }, { path: 'data.records[ossCode=bx_minio].status', is: ['number', 'string'] }],
    save: { bxOssId: 'data.records[ossCode=bx_minio].id' },
  },
  {
    id: 'bx.oss-detail', page: 'bladex/oss', does: 'opens it for editing',
    method: 'GET', url: '/api/blade-resource/oss/detail', query: { id: '{{bxOssId}}' },
    reads: [{ path: 'data.bucketName', equals: 'helio' }, { path: 'data.category', like: 1 }, { path: 'data.secretKey', is: 'text', why: 'a required field of the form' }],
    save: { bxOssDetail: 'data' },
  },
  { id: 'bx.oss-edit', page: 'bladex/oss', does: 'saves the edit (the secret as the detail gave it)', method: 'POST', url: '/api/blade-resource/oss/submit', body: { '...': '{{bxOssDetail}}', remark: 'edited' } },
  { id: 'bx.oss-remove', page: 'bladex/oss', does: 'deletes it', method: 'POST', url: '/api/blade-resource/oss/remove', query: { ids: '{{bxOssId}}' }, needs: ['bx.oss-edit'] },

  {
    id: 'bx.sms-categories', page: 'bladex/sms', does: 'the category radio (dict sms)',
    method: 'GET', url: '/api/blade-system/dict/dictionary', query: { code: 'sms' }, reads: [{ path: 'data[dictKey=1].dictValue', is: 'text' }],
  },
  {
    id: 'bx.sms-create', page: 'bladex/sms', does: 'adds an SMS configuration',
    method: 'POST', url: '/api/blade-resource/sms/submit',
    body: { category: 1, smsCode: 'bx_sms', templateId: 'T1', accessKey: 'bx-access', secretKey: 'bx-secret-key', regionId: '', signName: 'Helio', remark: '' },
  },
  {
    id: 'bx.sms-list', page: 'bladex/sms', does: 'lists configurations', needs: ['bx.sms-create'],
    method: 'GET', url: '/api/blade-resource/sms/list', query: { current: 1, size: 10 },
    reads: [{ path: 'data.records[smsCode=bx_sms].signName', equals: 'Helio' }], save: { bxSmsId: 'data.records[smsCode=bx_sms].id' },
  },
  {
    id: 'bx.sms-detail', page: 'bladex/sms', does: 'opens it',
    method: 'GET', url: '/api/blade-resource/sms/detail', query: { id: '{{bxSmsId}}' }, reads: [{ path: 'data.templateId', equals: 'T1' }, { path: 'data.category', like: 1 }],
  },
  { id: 'bx.sms-enable', page: 'bladex/sms', does: 'makes it the active one (enable?id=)', method: 'POST', url: '/api/blade-resource/sms/enable', query: { id: '{{bxSmsId}}' } },
  {
    id: 'bx.sms-enabled', page: 'bladex/sms', does: 'the list shows it enabled', needs: ['bx.sms-enable'],
    method: 'GET', url: '/api/blade-resource/sms/list', query: { current: 1, size: 10 }, reads: [{ path: 'data.records[id={{bxSmsId}}].status', like: 2, why: 'status 2 = enabled (BladeX)' }],
  },
  { id: 'bx.sms-remove', page: 'bladex/sms', does: 'deletes it', method: 'POST', url: '/api/blade-resource/sms/remove', query: { ids: '{{bxSmsId}}' }, needs: ['bx.sms-enabled'] },

  {
    id: 'bx.attach-upload', page: 'bladex/attach', does: 'uploads a file as an attachment (oss/endpoint/put-file-attach)',
    method: 'POST', url: '/api/blade-resource/oss/endpoint/put-file-attach', upload: { field: 'file', filename: 'bx.png', type: 'image/png', content: 'png' },
    reads: [{ path: 'data.link', is: 'text' }, { path: 'data.attachId', is: ['id', 'number'] }],
  },
  {
    id: 'bx.attach-list', page: 'bladex/attach', does: 'lists attachments', needs: ['bx.attach-upload'],
    method: 'GET', url: '/api/blade-resource/attach/list', query: { current: 1, size: 10 },
    reads: [{ path: 'data.total', is: 'number' }, { path: 'data.records[originalName=bx.png].link', is: 'text' }], save: { bxAttachId: 'data.records[originalName=bx.png].id' },
  },
  {
    id: 'bx.attach-detail', page: 'bladex/attach', does: 'opens it',
    method: 'GET', url: '/api/blade-resource/attach/detail', query: { id: '{{bxAttachId}}' }, reads: [{ path: 'data.originalName', equals: 'bx.png' }, { path: 'data.attachSize', is: ['number', 'string'] }],
  },
  { id: 'bx.attach-remove', page: 'bladex/attach', does: 'deletes it', method: 'POST', url: '/api/blade-resource/attach/remove', query: { ids: '{{bxAttachId}}' } },

  {
    id: 'bx.model-list', page: 'bladex/develop', does: 'lists data models (blade-develop/model/list)',
    method: 'GET', url: '/api/blade-develop/model/list', query: { current: 1, size: 10 }, reads: [{ path: 'data.total', is: 'number' }, { path: 'data.records', is: 'array' }],
  },
  {
    id: 'bx.datasource-list', page: 'bladex/develop', does: 'lists data sources',
    method: 'GET', url: '/api/blade-develop/datasource/list', query: { current: 1, size: 10 }, reads: [{ path: 'data.total', is: 'number' }, { path: 'data.records', is: 'array' }],
  },
  {
    id: 'bx.code-list', page: 'bladex/develop', does: 'lists code-generator entries',
    method: 'GET', url: '/api/blade-develop/code/list', query: { current: 1, size: 10 }, reads: [{ path: 'data.total', is: 'number' }, { path: 'data.records', is: 'array' }],
  },
];
