/**
 * A stage form's starting values: what is stored for it, else what earlier stages already say — the quote's lines
 * from the design's BOM and its recipient from the customer, the call-out quote's recipient, the material collection
 * from the BOM, the survey and installation dates from the customer form.
 */
type Rec = Record<string, unknown>;

const rec = (v: unknown): Rec => (typeof v === 'object' && v !== null && !Array.isArray(v) ? (v as Rec) : {});
const rows = (v: unknown): Rec[] => (Array.isArray(v) ? v.map(rec) : []);
const str = (v: unknown) => (typeof v === 'string' ? v : '');

function recipientOf(data: Rec): Rec {
  const c = rec(data.customer);
  const contact = [str(c.phoneDiallingCode), str(c.phone)].filter(Boolean).join(' ');
  return {
    ...(c.name ? { name: c.name } : {}),
    ...(contact ? { contact } : {}),
    ...(c.address ? { address: c.address } : {}),
    ...(c.email ? { email: c.email } : {}),
  };
}

export function initialData(formKey: string, data: Rec): Rec {
  const stored = data[formKey];
  if (stored !== undefined && stored !== null) return rec(stored);
  const customer = rec(data.customer);
  const bom = rows(rec(data.design).materials);
  switch (formKey) {
    case 'quote':
      return { lines: bom.map((m) => ({ sku: m.sku, name: m.name, quantity: m.quantity })), recipient: recipientOf(data) };
    case 'calloutQuote':
      return { recipient: recipientOf(data) };
    case 'shipment':
      return { lines: bom.map((m) => ({ sku: m.sku, quantity: m.quantity })) };
    case 'surveyDate':
      return customer.surveyDate ? { date: customer.surveyDate } : {};
    case 'installationDate':
      return customer.tentativeInstallDate ? { date: customer.tentativeInstallDate } : {};
    case 'survey':
      return { confirmed: false, electrical: { appliances: [] } };
    case 'maintSurvey':
      return { partsNeeded: false, confirmed: false };
    default:
      return {};
  }
}
