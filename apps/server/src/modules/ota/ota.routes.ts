/** OTA HTTP (contracts `ota.resource` + `ota.api`): routes translate HTTP ↔ the OTA services, nothing more. */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { otaPackageResource } from '@helio/contracts/modules/ota/ota.resource';
import {
  OTA_DOWNLOAD_PATH,
  otaCampaignCancel,
  otaCampaignList,
  otaCampaignProgress,
  otaCampaignResume,
  otaCampaignRollback,
  otaCampaignSave,
  otaDownloadUrl,
  otaFileUpload,
  otaOverview,
  otaRetry,
  otaSoftwareVersionList,
  otaUpgrade,
  otaUpgradeRecordList,
} from '@helio/contracts/modules/ota/ota.api';
import type { ModuleContext } from '../../kernel/types.js';
import { route } from '../../kernel/http.js';
import { registerCrud, type AuditedTable } from '../../crud/register-crud.js';
import { formatDateTime } from '../../core/dates.js';
import type { OtaApi } from './index.js';
import { packageHooks } from './ota.package.js';
import { upgradeVO } from './ota.queries.js';
import { otaPackage } from './ota.tables.js';
import { BizError } from '../../core/errors.js';

export function otaRoutes(app: FastifyInstance, ctx: ModuleContext, api: OtaApi): void {
  registerCrud(app, ctx, otaPackageResource, otaPackage as unknown as AuditedTable, { ...packageHooks, saveAndUpdate: true });

  route(app, otaFileUpload, (req) => api.files.receive(req.user!, req));
  route(app, otaDownloadUrl, async (req) => {
    const pkg = await api.upgrades.packageFor(req.user!, req.query.id, req.lang);
    const ttl = req.query.ttlSeconds === undefined ? undefined : Number(req.query.ttlSeconds);
    if (ttl !== undefined && (!Number.isInteger(ttl) || ttl < 1 || ttl > 7 * 86_400)) throw new BizError('invalidParam', { param: 'ttlSeconds' });
    const file = { fileName: pkg.fileName ?? '', fileSize: pkg.fileSize ?? 0, sha256: pkg.fileSha256 ?? '' };
    if (pkg.cdnUrl) return { url: pkg.cdnUrl, expireTime: null, ...file };
    const signed = await api.files.signedPath(pkg.fileId, ttl);
    return { url: signed.path, expireTime: formatDateTime(signed.expires), ...file };
  });
  // The device's download: no token (the signature and expiry are the credential), Range for resuming, never compressed.
  type DownloadReq = Parameters<OtaApi['files']['serve']>[0];
  app.route({
    method: 'GET',
    url: `${OTA_DOWNLOAD_PATH}/:fileId`,
    config: { access: { public: true }, download: true },
    compress: false,
    schema: {
      tags: ['ota'],
      summary: 'A firmware file through its signed link (public: exp + sig are the credential; HTTP Range supported)',
      params: { type: 'object', properties: { fileId: { type: 'string', maxLength: 20 } }, required: ['fileId'] },
      querystring: { type: 'object', properties: { exp: { type: 'string', maxLength: 12 }, sig: { type: 'string', maxLength: 64 } } },
      response: {
        200: { description: 'The file', content: { 'application/octet-stream': { schema: { type: 'string', format: 'binary' } } } },
        206: { description: 'The requested range', content: { 'application/octet-stream': { schema: { type: 'string', format: 'binary' } } } },
      },
    },
    handler: (req: FastifyRequest, reply: FastifyReply) => api.files.serve(req as DownloadReq, reply),
  });

  route(app, otaSoftwareVersionList, (req) => api.queries.softwareVersions(req.user!, req.query));
  route(app, otaUpgradeRecordList, (req) => api.queries.records(req.user!, req.query));
  route(app, otaOverview, (req) => api.queries.overview(req.user!, req.query));
  route(app, otaRetry, async (req) => upgradeVO(await api.upgrades.retry(req.user!, req.body.id, req.lang)));
  route(app, otaUpgrade, async (req) => ({ records: (await api.upgrades.upgradeNow(req.user!, req.body.packageId, req.body.deviceSns, req.lang)).map(upgradeVO) }));

  route(app, otaCampaignSave, (req) => api.campaigns.create(req.user!, req.body, req.lang));
  route(app, otaCampaignList, (req) => api.campaigns.list(req.user!, req.query, req.lang));
  route(app, otaCampaignProgress, (req) => api.campaigns.progress(req.user!, req.query.id, req.lang));
  route(app, otaCampaignResume, (req) => api.campaigns.act(req.user!, 'resume', req.body.id, undefined, req.lang));
  route(app, otaCampaignRollback, (req) => api.campaigns.act(req.user!, 'rollback', req.body.id, req.body.rollbackPackageId, req.lang));
  route(app, otaCampaignCancel, (req) => api.campaigns.act(req.user!, 'cancel', req.body.id, undefined, req.lang));
}
