/**
 * Replacing a device during a repair (issue 20): at the repair QC stage, by the stage's own people, the old serial
 * leaves the order's station (its registration unbound: the SN is free again and its telemetry stays, still found
 * by SN; stock marks it returned under the order — the RMA), and the new one — in stock or shipped to this order, in
 * the factory lists, of the same device type — is registered in its place, so the station's data goes on from the
 * new device. One transaction: any refusal keeps everything as it was. Answers the new device's MQTT secret once.
 */
import { and, eq } from 'drizzle-orm';
import { ForbiddenError } from '../../core/errors.js';
import { ConflictError } from '../../core/optimistic.js';
import { formatDateTime } from '../../core/dates.js';
import type { Lang } from '../../core/i18n.js';
import { device, DEVICE_KINDS, plant } from '../../db/schema-device.js';
import type { Actor } from '../../kernel/types.js';
import { findFactorySerials } from '../factory/index.js';
import { registerDevices, unbindDevices, devicePlants } from '../station/index.js';
import { serialStates, swapSerials } from '../stock/index.js';
import { userNames } from '../user/index.js';
import { maintError } from './maintenance.messages.js';
import type { MaintOrders } from './maintenance.service.js';
import { maintOrder } from './maintenance.tables.js';

const STAGE = 'qc_submission';

export interface ReplaceInput {
  orderId: string | number;
  version: number;
  oldSn: string;
  newSn: string;
  reason: string;
}

export async function replaceDevice(m: MaintOrders, actor: Actor, b: ReplaceInput, lang: Lang) {
  const oldSn = b.oldSn.trim();
  const newSn = b.newSn.trim();
  if (oldSn === newSn) throw maintError(lang, 'replaceSameSn');
  const seen = await m.reads.load(actor, b.orderId, lang);
  const companies = await m.reads.companies(actor);
  const kinds = await findFactorySerials(m.ctx.db, [newSn]);
  const elsewhere = (await devicePlants(m.ctx.db, [newSn])).get(newSn);
  const stock = (await serialStates(m.ctx.db, seen.tenantId, [newSn])).get(newSn);
  const result = await m.ctx.tx(async (tx) => {
    const row = await m.reads.load(actor, b.orderId, lang, tx, true);
    if (row.version !== b.version) throw new ConflictError();
    if (row.stage !== STAGE) throw maintError(lang, 'replaceWrongStage');
    const actors: readonly string[] = m.reads.def.stage(STAGE)?.actors ?? [];
    if (!actor.isAdministrator && !m.reads.roles(actor, row.agentId, companies).some((r) => actors.includes(r))) throw new ForbiddenError();
    const [mo] = await tx.select().from(maintOrder).where(eq(maintOrder.orderId, row.id));
    const plantId = mo?.stationId;
    if (!plantId) throw maintError(lang, 'replaceNoStation');
    const [old] = await tx
      .select({ id: device.id, type: device.deviceType, parentSn: device.parentSn })
      .from(device)
      .where(and(eq(device.plantId, plantId), eq(device.deviceSn, oldSn), eq(device.isDeleted, 0)));
    if (!old) throw maintError(lang, 'replaceOldNotHere', { sn: oldSn });
    if (elsewhere) throw maintError(lang, 'replaceNewInstalled', { sn: newSn, station: elsewhere.plantName ?? elsewhere.plantId });
    if (!stock) throw maintError(lang, 'replaceNewUnknown', { sn: newSn });
    const kind = kinds.get(newSn);
    if (!kind) throw maintError(lang, 'replaceNotFactory', { sn: newSn });
    const oldKind = DEVICE_KINDS[old.type] ?? String(old.type);
    if (kind !== oldKind) throw maintError(lang, 'replaceTypeMismatch', { newType: kind, oldType: oldKind });
    if (stock.status === 'installed') throw maintError(lang, 'replaceNewInstalled', { sn: newSn, station: stock.plantId ?? '' });
    await swapSerials(tx, row.tenantId, { oldSn, newSn, plantId, reference: row.orderNumber }, lang);
    await unbindDevices(tx, [old.id], actor.userId);
    const [plantRow] = await tx.select({ tenantId: plant.tenantId }).from(plant).where(eq(plant.id, plantId));
    const [registered] = await registerDevices(tx, [
      { tenantId: plantRow?.tenantId ?? row.tenantId, plantId, type: kind, sn: newSn, parentSn: old.parentSn ?? null, userId: actor.userId, deptId: actor.deptIds[0] ?? null },
    ]);
    const byName = (await userNames(tx, [actor.userId])).get(actor.userId) ?? actor.account;
    const line = { deviceType: kind, oldSn, newSn, reason: b.reason.trim(), at: formatDateTime(new Date()) ?? '', by: actor.userId, byName, plantId };
    const stored = (await m.reads.data(tx, row.id)).replacement as { lines?: unknown[] } | undefined;
    await m.kind.steps.storeForm(tx, row, 'replacement', { lines: [...(Array.isArray(stored?.lines) ? stored.lines : []), line] }, actor.userId);
    return { row, line, secret: registered!.secret };
  });
  return { order: await m.vo(result.row, lang), replacement: result.line, secret: result.secret };
}
