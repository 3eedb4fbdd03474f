/**
 * `otaUpdatePack` rules on the CRUD engine: exactly one file per package (the upload's fileId; name, size and
 * SHA-256 are copied from the stored file, never taken from the body), one package per tenant, device type,
 * firmware type and version, and no removal while a campaign uses the package.
 */
import { and, eq, inArray, ne } from 'drizzle-orm';
import type { CrudHooks } from '../../crud/types.js';
import { isPlatform } from '../../core/tenant.js';
import { otaError } from './ota.messages.js';
import { otaCampaign, otaFile, otaPackage } from './ota.tables.js';

export const packageHooks: CrudHooks = {
  async beforeWrite(call, existing, values) {
    if (call.op === 'remove') return;
    for (const k of ['fileName', 'fileSize', 'fileSha256', 'uploadTime']) delete values[k];
    const fileId = values.fileId === undefined || values.fileId === '' ? (existing?.fileId as string | undefined) : String(values.fileId);
    if (!fileId) throw otaError(call.lang, 'fileRequired');
    if (fileId !== existing?.fileId) {
      const [f] = await call.db.select().from(otaFile).where(eq(otaFile.id, fileId));
      if (!f || (!isPlatform(call.actor) && f.tenantId !== call.actor.tenantId)) throw otaError(call.lang, 'fileNotFound');
      Object.assign(values, { fileId, fileName: f.originalName, fileSize: f.fileSize, fileSha256: f.sha256, uploadTime: f.createTime ?? new Date() });
    }
    const pick = (k: string) => (values[k] !== undefined ? values[k] : existing?.[k]);
    const tenantId = (existing?.tenantId as string | undefined) ?? call.actor.tenantId;
    const [dup] = await call.db
      .select({ id: otaPackage.id })
      .from(otaPackage)
      .where(
        and(
          eq(otaPackage.isDeleted, 0),
          eq(otaPackage.tenantId, tenantId),
          eq(otaPackage.deviceType, Number(pick('deviceType'))),
          eq(otaPackage.firmwareType, Number(pick('firmwareType'))),
          eq(otaPackage.firmwareVersion, String(pick('firmwareVersion'))),
          existing ? ne(otaPackage.id, String(existing.id)) : undefined,
        ),
      );
    if (dup) throw otaError(call.lang, 'versionExists', { version: String(pick('firmwareVersion')) });
  },
  async beforeRemove(call, rows) {
    if (!rows.length) return;
    const ids = rows.map((r) => String(r.id));
    const [used] = await call.db
      .select({ id: otaCampaign.id })
      .from(otaCampaign)
      .where(and(inArray(otaCampaign.packageId, ids), inArray(otaCampaign.state, ['running', 'halted', 'rolling_back'])))
      .limit(1);
    if (used) throw otaError(call.lang, 'packageInUse');
  },
};
