/**
 * The stage forms of installer orders (spec §3: customer form, survey and electrical survey, bill of materials,
 * shipment, EHS, QC, COC), as TypeBox objects. Each is a `FormDef` whose `key` is where its data sits in the order's
 * data; maintenance orders (issue 20) import the same forms for their stages. `dict` names the business dictionary of
 * a coded value (spec §3 groups). First cut: the sales-half session refines fields and limits with the screens.
 */
import { Type } from 'typebox';
import { defineForm } from '../../process/define.js';

/** Upload limit (spec §5/§9): at most 3 files per field. */
export const MAX_FILES = 3;
/** Appliances in an electrical survey: the spec gives a maximum but not its value (assumed). */
export const MAX_APPLIANCES = 20;

const Text = (max = 255) => Type.String({ minLength: 1, maxLength: max });
const OptText = (max = 255) => Type.Optional(Type.String({ maxLength: max }));
const Dict = (dict: string) => Type.String({ minLength: 1, maxLength: 64, dict });
const Dicts = (dict: string) => Type.Array(Type.String({ minLength: 1, maxLength: 64 }), { maxItems: 50, dict });
const Files = (min = 0) => Type.Array(Type.String({ minLength: 1, maxLength: 64 }), { minItems: min, maxItems: MAX_FILES });
const Photos = () => Type.Array(Type.String({ minLength: 1, maxLength: 64 }), { minItems: 1, maxItems: 30 });
const Amount = () => Type.Number({ minimum: 0, maximum: 1e12 });
const DateText = () => Type.String({ pattern: '^\\d{4}-\\d{2}-\\d{2}( \\d{2}:\\d{2}(:\\d{2})?)?$' });
const Point = () => Type.Object({ latitude: Type.Number({ minimum: -90, maximum: 90 }), longitude: Type.Number({ minimum: -180, maximum: 180 }) });
const Recipient = () => Type.Object({ name: Text(100), contact: Text(100), address: Text(500), email: Type.Optional(Type.String({ maxLength: 255 })) });
const Sku = () => Type.String({ minLength: 1, maxLength: 64 });

export const customerForm = defineForm(
  'customer',
  { zh: '客户信息', en: 'Customer' },
  Type.Object({
    name: Text(100),
    company: OptText(200),
    phoneDiallingCode: Type.String({ minLength: 1, maxLength: 8 }),
    phone: Type.String({ pattern: '^\\d{1,20}$' }),
    email: Type.String({ maxLength: 255 }),
    installAddress: Type.Object({ country: Text(32), province: Text(32), city: Text(32), district: Type.Optional(Type.String({ maxLength: 32 })) }),
    address: Text(500),
    location: Type.Optional(Point()),
    distanceLimit: Type.Optional(Type.Number({ minimum: 0 })),
    installReason: OptText(500),
    budget: Type.Optional(Amount()),
    surveyDate: Type.Optional(DateText()),
    tentativeInstallDate: Type.Optional(DateText()),
    projectType: Dict('agent_project_type'),
    backupContact: Type.Optional(Type.Object({ name: OptText(100), phone: OptText(20) })),
    files: Type.Optional(Files()),
    /** The homeowner already has a system: the order passes warranty verification. */
    hasExistingSystem: Type.Optional(Type.Boolean()),
    existingSystemSn: OptText(64),
  }),
);

export const warrantyForm = defineForm(
  'warranty',
  { zh: '质保核验', en: 'Warranty verification' },
  Type.Object({ result: Type.Union([Type.Literal('valid'), Type.Literal('expired'), Type.Literal('none')]), warrantyEndDate: Type.Optional(DateText()), remark: OptText(500) }),
);

export const calloutQuoteForm = defineForm(
  'calloutQuote',
  { zh: '上门报价', en: 'Call-out quote' },
  Type.Object({ amount: Amount(), currency: OptText(8), recipient: Recipient(), remark: OptText(500) }),
);

export const surveyDateForm = defineForm('surveyDate', { zh: '勘测日期', en: 'Survey date' }, Type.Object({ date: DateText(), remark: OptText(500) }));

const Appliance = Type.Object({ type: Text(64), quantity: Type.Integer({ minimum: 1, maximum: 1000 }), power: Amount(), totalCapacity: Type.Optional(Amount()) });

export const surveyForm = defineForm(
  'survey',
  { zh: '现场勘测', en: 'Site survey' },
  Type.Object({
    installType: Text(64),
    permissionRequired: Type.Optional(Type.Boolean()),
    permits: Type.Optional(Dicts('permit')),
    buildingMaterial: Dict('building_material_type'),
    frameType: OptText(64),
    houseType: Dict('house_type'),
    roof: Type.Object({
      type: Dict('roof_type'),
      material: Dict('roof_material'),
      orientation: OptText(32),
      angle: Type.Optional(Type.Number({ minimum: 0, maximum: 90 })),
      slope: Type.Optional(Type.Number({ minimum: 0, maximum: 90 })),
      gutter: OptText(64),
      length: Type.Optional(Amount()),
      width: Type.Optional(Amount()),
      shading: Type.Optional(Dicts('roof_occlusion')),
    }),
    panel: Type.Object({ position: Dict('solar_panels_mounting_position'), type: Dict('panel_type'), orientation: Dict('panel_orientation') }),
    photos: Photos(),
    specialRequirements: OptText(1000),
    signatures: Type.Object({ landlord: Text(64), installer: Text(64), electrician: Text(64), owner: Text(64) }),
    confirmed: Type.Boolean(),
    electrical: Type.Object({
      infrastructure: Dict('infrastructure'),
      connectionType: Type.Optional(Dict('infrastructure_connection_type')),
      existingGenerator: Type.Optional(Type.Boolean()),
      existingBackup: Type.Optional(Type.Boolean()),
      circuitCertificate: Type.Optional(Files()),
      wiring: OptText(500),
      inverterLocation: OptText(500),
      monthlyKwh: Type.Optional(Amount()),
      yearlyKwh: Type.Optional(Amount()),
      appliances: Type.Array(Appliance, { maxItems: MAX_APPLIANCES }),
    }),
  }),
);

const Material = Type.Object({
  sku: Sku(),
  name: Text(255),
  spec: OptText(255),
  model: OptText(128),
  equipmentType: OptText(64),
  quantity: Type.Integer({ minimum: 1, maximum: 1_000_000 }),
  confirm: Type.Optional(Type.Boolean()),
});

export const designForm = defineForm(
  'design',
  { zh: '方案设计', en: 'Design' },
  Type.Object({
    basePackage: Type.String({ minLength: 1, maxLength: 64 }),
    materials: Type.Array(Material, { minItems: 1, maxItems: 500 }),
    summary: Type.Object({ kwp: Amount(), inverterKw: Amount(), batteryKwh: Amount() }),
  }),
);

export const stockAuditForm = defineForm(
  'stockAudit',
  { zh: '库存审核', en: 'Stock audit' },
  Type.Object({
    lines: Type.Array(
      Type.Object({ sku: Sku(), quantity: Type.Integer({ minimum: 1 }), status: Type.Union([Type.Literal('confirmed'), Type.Literal('insufficient')]), serials: Type.Optional(Type.Array(Sku(), { maxItems: 1000 })) }),
      { minItems: 1, maxItems: 500 },
    ),
    remark: OptText(500),
  }),
);

export const quoteForm = defineForm(
  'quote',
  { zh: 'ESS报价', en: 'ESS quotation' },
  Type.Object({
    lines: Type.Array(
      Type.Object({ sku: Sku(), name: Text(255), quantity: Type.Integer({ minimum: 1 }), unitPrice: Amount(), discount: Type.Optional(Type.Number({ minimum: 0, maximum: 100 })), taxRate: Type.Optional(Type.Number({ minimum: 0, maximum: 100 })) }),
      { minItems: 1, maxItems: 500 },
    ),
    currency: OptText(8),
    recipient: Recipient(),
    validUntil: Type.Optional(DateText()),
  }),
);

const Payment = Type.Object({ amount: Amount(), paidAt: DateText(), reference: OptText(128), proof: Type.Optional(Files()) });
export const essPaymentForm = defineForm('essPayment', { zh: 'ESS付款确认', en: 'ESS payment' }, Payment);
export const balancePaymentForm = defineForm('balancePayment', { zh: '尾款确认', en: 'Balance payment' }, Payment);

export const installationDateForm = defineForm('installationDate', { zh: '安装日期', en: 'Installation date' }, Type.Object({ date: DateText(), remark: OptText(500) }));

export const shipmentForm = defineForm(
  'shipment',
  { zh: '物料领用', en: 'Material collection' },
  Type.Object({
    lines: Type.Array(Type.Object({ sku: Sku(), quantity: Type.Integer({ minimum: 1 }), serials: Type.Optional(Type.Array(Sku(), { maxItems: 1000 })) }), { minItems: 1, maxItems: 500 }),
    deliveryNumber: OptText(64),
  }),
);

export const signingForm = defineForm(
  'signing',
  { zh: '物料签收', en: 'Material signing' },
  Type.Object({ signature: Text(64), signedAt: DateText(), lossReason: OptText(500), confirmed: Type.Boolean() }),
);

export const ehsForm = defineForm(
  'ehs',
  { zh: 'EHS提交', en: 'EHS submission' },
  Type.Object({
    workDate: DateText(),
    emergencyNumbers: Type.Array(Text(32), { minItems: 1, maxItems: 10 }),
    safetyEquipment: Type.Optional(Dicts('agent_ehs_tools_machinery_type')),
    checklist: Type.Optional(Dicts('agent_member_safety_checklist')),
    risks: Type.Array(Type.Object({ risk: Text(500), solution: Text(500) }), { maxItems: 50 }),
    ppe: Type.Array(Type.String({ minLength: 1, maxLength: 64 }), { maxItems: 50 }),
    declaration: Type.Boolean(),
    /** Where the form was submitted from (the phone's location), recorded by the server with the distance to the site. */
    location: Type.Optional(Point()),
    /** The location's accuracy in metres, as the browser gave it. */
    accuracy: Type.Optional(Type.Number({ minimum: 0, maximum: 1e7 })),
    /** Distance from the site in km (4 decimals, geo.ts), computed by the server. */
    distanceKm: Type.Optional(Type.Number({ minimum: 0 })),
  }),
);

export const qcForm = defineForm(
  'qc',
  { zh: 'QC提交', en: 'QC submission' },
  Type.Object({
    inverterType: Dict('inverter_type'),
    photos: Photos(),
    serials: Type.Array(Type.Object({ deviceType: Text(32), sn: Sku() }), { minItems: 1, maxItems: 200 }),
    panelPhotos: Photos(),
    earthing: Type.Object({ value: Amount(), unit: OptText(8) }),
    batteryCount: Dict('number_of_batteries'),
  }),
);

export const facForm = defineForm(
  'fac',
  { zh: 'FAC签署', en: 'FAC signing' },
  Type.Object({
    /** The signed FAC template (scan or photo). */
    signedFile: Type.Array(Type.String({ minLength: 1, maxLength: 64 }), { minItems: 1, maxItems: MAX_FILES }),
    signedAt: DateText(),
    /**
     * The four signatures drawn on the sign audit (attachment ids of the PNGs). Optional in the schema so that a missing
     * one is refused on submit with its own message (spec §8 "provide signature first"); the server requires all four.
     */
    signatures: Type.Optional(
      Type.Object({
        landlord: Type.Optional(Type.String({ maxLength: 64 })),
        installer: Type.Optional(Type.String({ maxLength: 64 })),
        electrician: Type.Optional(Type.String({ maxLength: 64 })),
        owner: Type.Optional(Type.String({ maxLength: 64 })),
      }),
    ),
    /** The statement ticked (spec §8 "tick the statement"); required true on submit. */
    confirmed: Type.Optional(Type.Boolean()),
    remark: OptText(500),
  }),
);

const Coc = Type.Object({ createdAt: DateText(), permanent: Type.Boolean(), customerConfirmed: Type.Boolean(), deliveryType: Dict('delivery_type'), deliveryNumber: OptText(64), files: Type.Optional(Files()) });
export const temporaryCocForm = defineForm('temporaryCoc', { zh: '临时COC', en: 'Temporary COC' }, Coc);
export const finalCocForm = defineForm('finalCoc', { zh: '最终COC', en: 'Final COC' }, Coc);

/** Every form of installer orders, by key (maintenance picks from the same list). */
export const ORDER_FORMS = {
  customer: customerForm,
  warranty: warrantyForm,
  calloutQuote: calloutQuoteForm,
  surveyDate: surveyDateForm,
  survey: surveyForm,
  design: designForm,
  stockAudit: stockAuditForm,
  quote: quoteForm,
  essPayment: essPaymentForm,
  installationDate: installationDateForm,
  shipment: shipmentForm,
  signing: signingForm,
  ehs: ehsForm,
  qc: qcForm,
  fac: facForm,
  temporaryCoc: temporaryCocForm,
  finalCoc: finalCocForm,
  balancePayment: balancePaymentForm,
} as const;
