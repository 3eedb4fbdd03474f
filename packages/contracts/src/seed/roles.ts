/**
 * Seed roles for the actors in spec §1 and §3 (work order actor roles). `grants` are blade_menu codes from
 * permissions.ts: a page code grants reading the page, a button code (`<page>_<action>`) grants that action. Every
 * button listed here comes with its page code, so the list is complete as written (a seeder may still add the page of
 * any granted button). `roleType` is a key of the `role_type` system dictionary.
 */
import { ADMINISTRATOR_ALIAS } from '../permissions.js';
import type { AREAS, PageCode } from '../permissions.js';

export interface RoleSeed {
  alias: string;
  zh: string;
  en: string;
  roleType: string;
  sort: number;
  grants: 'all' | string[];
}

type PageDefOf<C extends PageCode> = Extract<(typeof AREAS)[number]['pages'][number], { code: C }>;
type ActionOf<C extends PageCode> = PageDefOf<C>['buttons'][number];

/** `page('epc_order', 'view', 'add')` → ['epc_order', 'epc_order_view', 'epc_order_add']; actions are type-checked. */
function page<C extends PageCode>(code: C, ...actions: ActionOf<C>[]): string[] {
  return [code, ...actions.map((a) => `${code}_${a}`)];
}

function grants(...groups: string[][]): string[] {
  return [...new Set(groups.flat())];
}

/** Everyone reads notices on the workbench. */
const DESK = page('notice', 'view');
/** Workflow inbox: claim and complete tasks, see what one started and finished. */
const WORK_INBOX = grants(
  page('work_claim', 'view', 'handle'),
  page('work_todo', 'view', 'handle'),
  page('work_send', 'view'),
  page('work_done', 'view'),
);
/** Read-only view of a customer's station and its devices. */
const STATION_READ = grants(
  page('power_station', 'view'),
  page('inverter', 'view'),
  page('battery', 'view'),
  page('guardian', 'view'),
  page('alarm', 'view'),
);

export const ROLE_SEEDS: RoleSeed[] = [
  {
    alias: ADMINISTRATOR_ALIAS,
    zh: '超级管理员',
    en: 'Administrator',
    roleType: '1',
    sort: 1,
    grants: 'all',
  },
  {
    // Sells systems, opens and follows orders, supports its customers' stations remotely.
    alias: 'agent',
    zh: '代理商',
    en: 'Agent & distributor',
    roleType: '3',
    sort: 2,
    grants: grants(
      DESK,
      page('power_station', 'view', 'export'),
      page('inverter', 'view', 'export', 'setting', 'issue'),
      page('battery', 'view', 'export'),
      page('charge', 'view', 'export'),
      page('guardian', 'view', 'setting', 'issue'),
      page('alarm', 'view', 'handle', 'export'),
      page('epc_order', 'view', 'add', 'edit', 'handle', 'export'),
      page('epc_agent', 'view'),
      page('epc_stock', 'view'),
      page('epc_material', 'view'),
      page('epc_maintenance', 'view', 'add', 'edit', 'handle'),
      WORK_INBOX,
    ),
  },
  {
    // Surveys the site, installs, commissions; fills survey, EHS and QC forms.
    alias: 'site_technician',
    zh: '现场技术员',
    en: 'Site technician',
    roleType: '4',
    sort: 3,
    grants: grants(
      DESK,
      STATION_READ,
      page('alarm', 'handle'),
      page('epc_order', 'view', 'handle'),
      page('epc_material', 'view'),
      page('epc_maintenance', 'view', 'handle'),
      WORK_INBOX,
    ),
  },
  {
    // Electrical survey, wiring, earthing and QC measurements; signs the installation.
    alias: 'electrician',
    zh: '电工',
    en: 'Electrician',
    roleType: '4',
    sort: 4,
    grants: grants(
      DESK,
      STATION_READ,
      page('epc_order', 'view', 'handle'),
      page('epc_maintenance', 'view', 'handle'),
      WORK_INBOX,
    ),
  },
  {
    // Plans installations: survey dates, designated staff, work-order assignment, EHS and QC verification.
    alias: 'rollout_manager',
    zh: '实施经理',
    en: 'Rollout manager',
    roleType: '2',
    sort: 5,
    grants: grants(
      DESK,
      STATION_READ,
      page('power_station', 'export'),
      page('alarm', 'handle', 'export'),
      page('epc_order', 'view', 'edit', 'handle', 'export'),
      page('epc_agent', 'view'),
      page('epc_stock', 'view'),
      page('epc_material', 'view'),
      page('epc_maintenance', 'view', 'edit', 'handle'),
      page('work_start', 'view', 'add'),
      WORK_INBOX,
    ),
  },
  {
    // Owns the order from quote to COC: quotes, payments, shipment audit, COC and balance payment.
    alias: 'delivery_manager',
    zh: '交付经理',
    en: 'Delivery manager',
    roleType: '2',
    sort: 6,
    grants: grants(
      DESK,
      page('power_station', 'view'),
      page('inverter', 'view'),
      page('battery', 'view'),
      page('alarm', 'view'),
      page('epc_order', 'view', 'edit', 'handle', 'export'),
      page('epc_agent', 'view', 'export'),
      page('epc_stock', 'view', 'export'),
      page('epc_material', 'view'),
      page('epc_maintenance', 'view', 'handle'),
      page('work_start', 'view', 'add'),
      WORK_INBOX,
    ),
  },
  {
    // Confirms stock for orders, ships materials, keeps stock and material records; looks up device serials.
    alias: 'warehouse_manager',
    zh: '仓库管理员',
    en: 'Warehouse manager',
    roleType: '2',
    sort: 7,
    grants: grants(
      DESK,
      page('epc_stock', 'view', 'add', 'edit', 'export'),
      page('epc_material', 'view', 'add', 'edit'),
      page('epc_order', 'view', 'handle'),
      page('epc_maintenance', 'view', 'handle'),
      page('inverter_factory', 'view'),
      page('battery_factory', 'view'),
      page('guardian_factory', 'view'),
      page('charger_factory', 'view'),
      WORK_INBOX,
    ),
  },
  {
    // The homeowner: sees the own station and order, signs quotes, deliveries and completion.
    alias: 'landlord_signer',
    zh: '业主签字人',
    en: 'Homeowner',
    roleType: '5',
    sort: 8,
    grants: grants(
      DESK,
      page('power_station', 'view'),
      page('inverter', 'view'),
      page('battery', 'view'),
      page('alarm', 'view'),
      page('epc_order', 'view'),
    ),
  },
  {
    // Platform finance: reviews call-out and ESS quotes, confirms ESS and balance payments (issue 18).
    alias: 'finance',
    zh: '财务',
    en: 'Finance',
    roleType: '2',
    sort: 9,
    grants: grants(DESK, page('epc_order', 'view', 'handle', 'export'), page('epc_maintenance', 'view', 'handle'), page('epc_stock', 'view'), WORK_INBOX),
  },
  {
    // Platform designer: designs the system and its bill of materials from the survey (issue 18).
    alias: 'designer',
    zh: '设计师',
    en: 'Designer',
    roleType: '2',
    sort: 10,
    grants: grants(DESK, page('epc_order', 'view', 'handle'), page('epc_maintenance', 'view', 'handle'), page('epc_stock', 'view'), page('epc_material', 'view'), WORK_INBOX),
  },
];
