/**
 * Installer order, part 2 (issue 19): what the install stages add to the generic step (epc-order.extension.ts).
 * Installation date and work-order assignment need nothing beyond the definition (the assignment's staff check runs
 * before the step, epc-order.staff.ts). Material collection: a submit must carry exactly what is left to ship
 * (checked before the transaction); inside it the shipment is written and — on submit — the stock ledger issues its
 * lines under the order number (a stock refusal rolls the whole step back). Material signing: submit signs the
 * shipment on its way; reject reports it lost or damaged (reason, photos) and the order goes back for a reshipment.
 * A cancelled order cancels its unshipped shipment.
 */
import { EPC_ORDER_PROCESS } from '@helio/contracts/modules/epc/order.process';
import type { StepExtension } from './epc-order.extension.js';
import { checkShipment, formLines, outstanding, shipmentsOf, shipmentWrites } from './epc-order.shipment.js';

type Rec = Record<string, unknown>;
const text = (v: unknown) => (typeof v === 'string' && v.trim() ? v.trim() : null);

export const installExtension: StepExtension = {
  stages: ['installation_date', 'install_assignment', 'material_collection', 'material_signing'],
  async prepare(c) {
    if (c.stage !== 'material_collection' || (c.action !== 'submit' && c.action !== 'save')) return undefined;
    const lines = formLines(c.data.shipment, c.lang);
    if (c.action === 'submit') checkShipment(lines, outstanding(c.data, await shipmentsOf(c.reads.ctx.db, c.row.id)), c.lang);
    return lines;
  },
  async effect(e) {
    const { tx, actor, lang, next, before } = e;
    if (next.stage === EPC_ORDER_PROCESS.cancel.to && before.stage !== next.stage) {
      await shipmentWrites.cancel(tx, actor, next);
      return;
    }
    if (e.stage === 'material_collection' && (e.action === 'save' || e.action === 'submit')) {
      const lines = e.prepared as ReturnType<typeof formLines>;
      const delivery = text((e.data.shipment as Rec | undefined)?.deliveryNumber);
      if (e.action === 'save') await shipmentWrites.draft(tx, next, lines, delivery);
      else await shipmentWrites.ship(tx, e.hooks, actor, e.reads, next, lines, delivery, lang);
    }
    if (e.stage === 'material_signing') {
      const form = (e.data.signing ?? {}) as Rec;
      if (e.action === 'submit') await shipmentWrites.sign(tx, actor, next, form, lang);
      if (e.action === 'reject') {
        const photos = Array.isArray(form.lossPhotos) ? form.lossPhotos.map(String) : [];
        await shipmentWrites.loss(tx, actor, next, String(form.lossReason ?? ''), photos, lang);
      }
    }
  },
};
