/**
 * The tenant probes of each module's routes (test/access.test.ts spreads them into its audit): B neither lists,
 * reads, changes nor deletes A's data through them. Each module keeps its own probes in test/access-<module>.ts.
 */
import type { TestApp } from '../helper.js';
import { resourceProbes } from '../access-resources.js';
import { stationProbes } from '../access-stations.js';
import { alarmProbes } from '../access-alarms.js';
import { alarmIncidentProbes } from '../access-alarm-incidents.js';
import { notifyProbes } from '../access-notify.js';
import { alarmRuleProbes } from '../access-alarm-rules.js';
import { settingsProbes } from '../access-settings.js';
import { mailProbes } from '../access-mail.js';
import { factoryProbes } from '../access-factory.js';
import { otaProbes } from '../access-ota.js';
import { epcOrderProbes } from '../access-epc-order.js';
import { stockProbes } from '../access-stock.js';
import { agentProbes } from '../access-agent.js';
import { workflowProbes } from '../access-workflow.js';
import { epcFieldProbes } from '../access-epc-field.js';
import { epcHandoverProbes } from '../access-epc-handover.js';
import { epcInstallProbes } from '../access-epc-install.js';
import { epcPackageProbes } from '../access-epc-package.js';
import { maintenanceProbes } from '../access-maintenance.js';

type Probe = () => Promise<void>;

export function moduleProbes(t: () => TestApp, b: () => Record<string, string>): Record<string, Probe> {
  return {
    // Files, SMS, notices, logs, data sources, code generator, reports (issue 5): test/access-resources.ts.
    ...resourceProbes(t, b),
    // Stations, devices and the home dashboard (issue 6): test/access-stations.ts.
    ...stationProbes(t, b),
    ...alarmProbes(t, b),
    // Alarm incidents (list, detail, handle): test/access-alarm-incidents.ts.
    ...alarmIncidentProbes(t, b),
    // Alarm subscriptions, the in-app inbox and an alarm's notification records: test/access-notify.ts.
    ...notifyProbes(t, b),
    // The alarm catalogue and per-device thresholds: test/access-alarm-rules.ts.
    ...alarmRuleProbes(t, b),
    // Mail configurations' enable and test send, and the mail outbox: test/access-mail.ts.
    ...mailProbes(t, b),
    // Factory (exit-factory) lists: platform reference data (test/access-factory.ts).
    ...factoryProbes(t, b),
    // OTA upgrades, campaigns, versions and the download link (the package CRUD is probed by the engine): test/access-ota.ts.
    ...otaProbes(t, b),
    // Installer orders: B neither lists, reads, moves nor creates for A's (test/access-epc-order.ts).
    ...epcOrderProbes(t, b),
    // Stock: balances, movements, change log, serials, SKU pull-down and POST page, materials' Excel (test/access-stock.ts).
    ...stockProbes(t, b),
    // Agents: companies' log, staff, excluded staff, stations, documents and pickers (test/access-agent.ts).
    ...agentProbes(t, b),
    // Remote settings: device forms, commands, approval, log, versions (test/access-settings.ts).
    ...settingsProbes(t, b),
    // Workflow: models, deployments, instances, the inbox and the leave sample (test/access-workflow.ts).
    ...workflowProbes(t, b),
    // Installer orders part 2: installation and shipment, FAC, COC and balance (test/access-epc-install.ts, -handover.ts).
    ...epcInstallProbes(t, b),
    // Maintenance orders (issue 20): every installer-order twin and the maintenance routes: test/access-maintenance.ts.
    ...maintenanceProbes(t, b),
    ...epcHandoverProbes(t, b),
    ...epcFieldProbes(t, b),
    // Base packages: B neither lists A's enabled packages nor reads their SKU info (test/access-epc-package.ts).
    ...epcPackageProbes(t, b),
  };
}
