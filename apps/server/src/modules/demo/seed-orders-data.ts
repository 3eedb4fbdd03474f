/**
 * What the demo's installer orders are made of (seed-orders.ts): the demo agent company and its people, the platform's
 * finance and designer, the SKUs with the stock received, and eight homeowners in South Africa and China, each with
 * the stage forms its order is walked through (customer, call-out quote, survey, design, stock audit, ESS quote and
 * payment). Coded values are keys of the business dictionaries the forms name (`agent_project_type`, `house_type`…).
 */
import { quoteTotals } from '@helio/contracts/money/quote-totals';

type Rec = Record<string, unknown>;

export const DEMO_COMPANY = {
  companyName: '赫利示范安装有限公司 Helio Demo Installers',
  agentType: 1,
  provinceCode: '440000',
  cityCode: '440300',
  districtCode: '440305',
  address: '科技园南区高新南七道 18 号 (18 Gaoxin South 7th Rd)',
  contactName: '李明',
  phoneDiallingCode: '+86',
  phone: '13800138001',
  email: 'demo.agent@example.com',
} as const;

/** The company's administrator (alias `agent`) and one staff member per agent staff role. */
export const DEMO_AGENT_ADMIN = { account: 'agent_admin', realName: '李明' } as const;
export const DEMO_STAFF = [
  { key: 'rollout', roleAlias: 'rollout_manager', account: 'rollout', realName: 'Thabo Nkosi', phoneDiallingCode: '+27', phone: '821000101' },
  { key: 'delivery', roleAlias: 'delivery_manager', account: 'delivery', realName: '王芳', phoneDiallingCode: '+86', phone: '13800138002' },
  { key: 'technician', roleAlias: 'site_technician', account: 'technician', realName: 'Sipho Dlamini', phoneDiallingCode: '+27', phone: '821000102' },
  { key: 'electrician', roleAlias: 'electrician', account: 'electrician', realName: '陈刚', phoneDiallingCode: '+86', phone: '13800138003' },
  { key: 'warehouse', roleAlias: 'warehouse_manager', account: 'warehouse', realName: 'Pieter van der Merwe', phoneDiallingCode: '+27', phone: '821000103' },
] as const;

/** Platform staff (head office): tenant roles, every order of the tenant. */
export const DEMO_PLATFORM_USERS = [
  { key: 'finance', roleAlias: 'finance', account: 'finance', realName: '赵敏', phone: '13800138004' },
  { key: 'designer', roleAlias: 'designer', account: 'designer', realName: 'Emma Clarke', phone: '13800138005' },
] as const;

export type Who = 'agent' | (typeof DEMO_STAFF)[number]['key'] | (typeof DEMO_PLATFORM_USERS)[number]['key'];

/** SKUs (prices in CNY) and the quantity received into the default warehouse. */
export const DEMO_SKUS = [
  { sku: 'HLS-INV-6K', skuName: '混合逆变器 6 kW Hybrid inverter', model: 'HS-6K-1P-H', spec: '6 kW, 1-phase, 2 MPPT', skuType: 1, unit: 'pcs', unitPrice: '6800', received: 12, equipmentType: 'inverter' },
  { sku: 'HLS-BAT-5', skuName: '磷酸铁锂电池 5.12 kWh LFP battery', model: 'HB-5.12-LV', spec: '51.2 V, 100 Ah', skuType: 2, unit: 'pcs', unitPrice: '5200', received: 30, equipmentType: 'battery' },
  { sku: 'HLS-PV-550', skuName: '单晶组件 550 W Mono panel', model: 'HP-550M', spec: '550 Wp, 144 half-cut cells', skuType: 3, unit: 'pcs', unitPrice: '480', received: 240, equipmentType: 'panel' },
  { sku: 'HLS-MNT-12', skuName: '屋顶支架套件 Roof mounting kit', model: 'HM-RK-12', spec: 'Rails and clamps for 12 panels', skuType: 4, unit: 'set', unitPrice: '1600', received: 20, equipmentType: 'mounting' },
] as const;

/** How far each order is walked: the number of WALK steps taken after it is created (0: a saved draft). */
export const WALK = [
  'create:submit',
  'callout_quote:submit',
  'callout_quote:approve',
  'survey_date:submit',
  'designated_person:assign',
  'survey:submit',
  'survey_review:approve',
  'design:submit',
  'design:approve',
  'stock_audit:approve',
  'ess_quotation:submit',
  'ess_quotation:approve',
  'ess_payment:submit',
] as const;

/** Who takes each WALK step. */
export const WALK_BY: Record<(typeof WALK)[number], Who> = {
  'create:submit': 'agent',
  'callout_quote:submit': 'delivery',
  'callout_quote:approve': 'finance',
  'survey_date:submit': 'rollout',
  'designated_person:assign': 'rollout',
  'survey:submit': 'technician',
  'survey_review:approve': 'rollout',
  'design:submit': 'designer',
  'design:approve': 'rollout',
  'stock_audit:approve': 'warehouse',
  'ess_quotation:submit': 'delivery',
  'ess_quotation:approve': 'finance',
  'ess_payment:submit': 'finance',
};

interface Home {
  customer: Rec;
  cn: boolean;
  panels: number;
  batteries: number;
  /** WALK steps taken (0: created and saved as a draft). */
  steps: number;
}

const za = (name: string, phone: string, province: string, city: string, district: string, address: string, extra: Rec = {}) => ({
  name,
  phoneDiallingCode: '+27',
  phone,
  email: `${name.toLowerCase().replace(/[^a-z]+/g, '.')}@example.co.za`,
  installAddress: { country: 'ZA', province, city, district },
  address,
  ...extra,
});
const cn = (name: string, pinyin: string, phone: string, province: string, city: string, district: string, address: string, extra: Rec = {}) => ({
  name,
  phoneDiallingCode: '+86',
  phone,
  email: `${pinyin}@example.cn`,
  installAddress: { country: 'CN', province, city, district },
  address,
  ...extra,
});

/** The homeowners, one order each, spread over the sales half (the stage each ends at in the comment). */
export const DEMO_HOMES: Home[] = [
  // create (draft)
  { cn: true, panels: 10, batteries: 1, steps: 0, customer: cn('张伟', 'zhang.wei', '13912345678', '广东省', '深圳市', '南山区', '蛇口街道望海路 1099 号', { projectType: '2', budget: 60000, installReason: '电价上涨，希望夜间用储能供电' }) },
  // call-out quote, awaiting finance's review
  { cn: false, panels: 12, batteries: 2, steps: 2, customer: za('Thabo Mokoena', '823456789', 'Gauteng', 'Johannesburg', 'Sandton', '14 Rivonia Road', { projectType: '2', budget: 180000, installReason: 'Load shedding: backup for the whole house' }) },
  // survey date
  { cn: true, panels: 14, batteries: 2, steps: 3, customer: cn('李娜', 'li.na', '13587654321', '浙江省', '杭州市', '西湖区', '文三路 90 号东部软件园 3 幢', { projectType: '2', budget: 75000 }) },
  // survey (technician and electrician assigned)
  { cn: false, panels: 16, batteries: 3, steps: 5, customer: za('Sarah van Wyk', '834567890', 'Western Cape', 'Cape Town', 'Constantia', '22 Spaanschemat River Road', { projectType: '2', company: 'Van Wyk Wines', budget: 240000 }) },
  // design
  { cn: true, panels: 12, batteries: 2, steps: 7, customer: cn('王建国', 'wang.jianguo', '13761234567', '江苏省', '苏州市', '吴中区', '木渎镇金山路 28 号', { projectType: '4', company: '苏州建国五金厂', budget: 120000 }) },
  // stock audit
  { cn: false, panels: 10, batteries: 1, steps: 9, customer: za('Lerato Dlamini', '845678901', 'KwaZulu-Natal', 'Durban', 'Umhlanga', '5 Lighthouse Road', { projectType: '5', budget: 90000 }) },
  // ESS quotation, awaiting finance's review
  { cn: true, panels: 8, batteries: 1, steps: 11, customer: cn('陈晓燕', 'chen.xiaoyan', '13698765432', '广东省', '广州市', '天河区', '天河路 385 号太古汇公寓 12 楼', { projectType: '2', budget: 50000 }) },
  // ESS payment confirmed: installation date next
  { cn: false, panels: 14, batteries: 2, steps: 13, customer: za('James Botha', '826789012', 'Gauteng', 'Pretoria', 'Waterkloof', '88 Albert Street', { projectType: '2', budget: 210000 }) },
];

const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
const recipient = (c: Rec) => ({ name: String(c.name), contact: `${String(c.phoneDiallingCode)} ${String(c.phone)}`, address: String(c.address), email: String(c.email) });
/** CNY → ZAR for the South African quotes (a fixed demo rate). */
const ZAR_PER_CNY = 2.5;

/** The BOM of a home: one line per SKU (each equipment type once). */
function bom(h: Home) {
  const qty: Record<string, number> = { inverter: 1, battery: h.batteries, panel: h.panels, mounting: Math.ceil(h.panels / 12) };
  return DEMO_SKUS.map((s) => ({ sku: s.sku, name: s.skuName, model: s.model, spec: s.spec, equipmentType: s.equipmentType, quantity: qty[s.equipmentType]!, confirm: true }));
}

function quote(h: Home) {
  const rate = h.cn ? 1 : ZAR_PER_CNY;
  const lines = DEMO_SKUS.map((s, i) => ({
    sku: s.sku,
    name: s.skuName,
    quantity: bom(h)[i]!.quantity,
    unitPrice: Number(s.unitPrice) * rate,
    discount: s.equipmentType === 'panel' ? 5 : 0,
    taxRate: h.cn ? 13 : 15,
  }));
  return { lines, currency: h.cn ? 'CNY' : 'ZAR', recipient: recipient(h.customer), validUntil: day(30) };
}

/** The form a WALK step carries for a home (undefined: none); `files`: the demo pictures' attachment ids by key. */
export function formFor(step: (typeof WALK)[number], h: Home, files: Readonly<Record<string, string>>): Rec | undefined {
  const file = (key: string) => files[key] ?? key;
  const c = h.customer;
  switch (step) {
    case 'callout_quote:submit':
      return { amount: h.cn ? 300 : 750, currency: h.cn ? 'CNY' : 'ZAR', recipient: recipient(c), remark: h.cn ? '上门勘测费，签约后抵扣' : 'Site visit fee, credited on signing' };
    case 'survey_date:submit':
      return { date: day(3), remark: h.cn ? '上午 9:00 到场' : 'On site at 09:00' };
    case 'survey:submit':
      return {
        installType: 'roof',
        permissionRequired: false,
        buildingMaterial: h.cn ? '1' : '2',
        houseType: h.cn ? '6' : '1',
        roof: { type: h.cn ? '1' : '2', material: h.cn ? '7' : '8', orientation: h.cn ? 'S' : 'N', angle: h.cn ? 0 : 26, length: 12, width: 8 },
        panel: { position: '1', type: '1', orientation: h.cn ? '1' : '7' },
        photos: [file('roof-1'), file('roof-2'), file('meter-board')],
        specialRequirements: h.cn ? '逆变器装在车库' : 'Inverter in the garage',
        signatures: { landlord: file('sign-landlord'), installer: file('sign-technician'), electrician: file('sign-electrician'), owner: file('sign-owner') },
        confirmed: true,
        electrical: {
          infrastructure: h.cn ? '1' : '3',
          existingGenerator: !h.cn,
          existingBackup: false,
          inverterLocation: h.cn ? '车库东墙' : 'Garage, east wall',
          monthlyKwh: h.cn ? 520 : 900,
          yearlyKwh: h.cn ? 6200 : 10800,
          appliances: [
            { type: 'fridge', quantity: 1, power: 150 },
            { type: 'air_conditioner', quantity: h.cn ? 3 : 1, power: 1500 },
            { type: 'lighting', quantity: 20, power: 10 },
            { type: h.cn ? 'water_heater' : 'pool_pump', quantity: 1, power: h.cn ? 2000 : 1100 },
          ],
        },
      };
    case 'design:submit':
      return { basePackage: h.batteries > 1 ? 'BP-6K-10' : 'BP-6K-5', materials: bom(h), summary: { kwp: Math.round(h.panels * 55) / 100, inverterKw: 6, batteryKwh: Math.round(h.batteries * 512) / 100 } };
    case 'stock_audit:approve':
      return { lines: bom(h).map((l) => ({ sku: l.sku, quantity: l.quantity, status: 'confirmed' })), remark: 'Picked from the main warehouse' };
    case 'ess_quotation:submit':
      return quote(h);
    case 'ess_payment:submit': {
      const q = quote(h);
      const cents = quoteTotals(q.lines.map((l) => ({ quantity: l.quantity, unitPrice: l.unitPrice, discountPercent: l.discount, taxRate: l.taxRate }))).total;
      return { amount: Number(cents) / 100, paidAt: day(0), reference: `EFT-${String(c.phone).slice(-4)}` };
    }
    default:
      return undefined;
  }
}
