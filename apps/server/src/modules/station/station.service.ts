/**
 * Station writes, each with its checks in one `ctx.tx`: a station's operation company and user (names looked up in
 * the caller's tenant, never taken from the client), registering devices to a station against the factory lists
 * (device-registry.ts: all or none; each device's MQTT secret answered once), deleting stations (flagged deleted;
 * their devices and data stay findable by SN) and unbinding guardians (the SN becomes free; data is kept).
 */
import { BizError } from '../../core/errors.js';
import { isId } from '../../core/ids.js';
import type { DeviceKind } from '../../db/schema-device.js';
import type { Actor, ModuleContext } from '../../kernel/types.js';
import { unbindScope } from './device.repository.js';
import { registerDevices, unbindDevices } from './device-registry.js';
import type { Row } from './station.params.js';
import { StationRepository } from './station.repository.js';

export interface AddDevicesInput {
  plantId: string | number;
  devices: { deviceType: DeviceKind; deviceSn: string; parentSn?: string | null }[];
}

export interface AddedDevice {
  id: string;
  deviceSn: string;
  deviceType: DeviceKind;
  secret: string;
}

/** An id of the body, or null when absent or empty. */
const idOrNull = (v: unknown) => (v === null || v === undefined || v === '' ? null : String(v));

export class StationService {
  private readonly stations: StationRepository;

  constructor(private readonly ctx: ModuleContext) {
    this.stations = new StationRepository(ctx.database);
  }

  /** Sets (or clears) a station's operation company and operation user; false when nothing was updated. */
  async submitOperation(actor: Actor, body: Row): Promise<boolean> {
    const id = String(body.id);
    return this.ctx.tx(async (tx) => {
      await this.stations.plantOf(actor, id, tx);
      const companyId = idOrNull(body.operationCompanyId);
      const userId = idOrNull(body.operationUserId);
      if ((companyId && !isId(companyId)) || (userId && !isId(userId))) throw new BizError('badRequest');
      const company = companyId ? await this.stations.nameIn(tx, actor, 'dept', companyId) : null;
      const user = userId ? await this.stations.nameIn(tx, actor, 'user', userId) : null;
      if ((companyId && company === undefined) || (userId && user === undefined)) throw new BizError('recordNotFound');
      return this.stations.submitOperation(tx, actor, id, {
        operationCompanyId: companyId,
        operationCompanyName: company ?? null,
        operationUserId: userId,
        operationUserName: user ?? null,
      });
    });
  }

  /**
   * Registers devices to a station the caller may see (spec §5): each SN must be in its factory list and unused
   * (usage 0 → 1); the same SN cannot be chosen twice in one request; all or none.
   */
  async addDevices(actor: Actor, body: AddDevicesInput): Promise<AddedDevice[]> {
    return this.ctx.tx(async (tx) => {
      const p = await this.stations.plantOf(actor, String(body.plantId), tx);
      const registered = await registerDevices(
        tx,
        body.devices.map((d) => ({
          tenantId: p.tenantId as string,
          plantId: p.id as string,
          type: d.deviceType,
          sn: d.deviceSn.trim(),
          parentSn: d.parentSn?.trim() || null,
          userId: actor.userId,
          deptId: actor.deptIds[0] ?? null,
        })),
      );
      return registered.map((r, i) => ({ id: r.id, deviceSn: r.sn, deviceType: body.devices[i]!.deviceType, secret: r.secret }));
    });
  }

  /** Deletes the stations among `ids` that the caller may see; how many were deleted. */
  async removePlants(actor: Actor, ids: string[]): Promise<number> {
    if (!ids.length) throw new BizError('idsRequired');
    return this.ctx.tx((tx) => this.stations.removePlants(tx, actor, ids));
  }

  /** Unbinds the devices of a type among `ids` that the caller may see; how many were unbound. */
  async unbind(actor: Actor, kind: DeviceKind, ids: string[]): Promise<number> {
    if (!ids.length) throw new BizError('idsRequired');
    return this.ctx.tx((tx) => unbindDevices(tx, ids, actor.userId, unbindScope(actor, kind)));
  }
}
