/**
 * The install stages' additions to the stage panel (issue 19; stage-ui.ts): the team's clashes above the
 * installation date, the designated-person form for the work-order assignment, and the shipment view (lines shipped
 * and unshipped, the shipments' history) above the material collection and signing forms.
 */
import { InstallDateClashes } from '../install/install-date-clashes';
import { ShipmentPanel } from '../install/shipment-panel';
import type { OrderDetail, StageUi } from './stage-ui-types';

const Shipment = ({ detail }: { detail: OrderDetail }) => <ShipmentPanel orderId={detail.order.id} process={detail.order.process} />;

export const INSTALL_UI: Record<string, StageUi> = {
  installation_date: { Extra: ({ detail }) => <InstallDateClashes orderId={detail.order.id} process={detail.order.process} /> },
  install_assignment: { assigns: true },
  material_collection: { Extra: Shipment },
  material_signing: { Extra: Shipment },
};
