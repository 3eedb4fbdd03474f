/**
 * A refused step's 400 message on the form's fields: the server joins its messages with "; " and names a form field
 * by its dotted path from the form key (`survey.photos`, `quote.lines.0.unitPrice`: "Information incomplete:
 * survey.photos", "quote.lines.0.unitPrice: must be …"). Messages that name a field of the form go to that field;
 * the others are returned to be shown as a message.
 */
export interface FieldError {
  name: (string | number)[];
  errors: string[];
}

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

export function fieldErrors(message: string, formKey: string): { fields: FieldError[]; rest: string[] } {
  const fields = new Map<string, FieldError>();
  const rest: string[] = [];
  const re = new RegExp(`(?:^|[\\s:(「"])${escape(formKey)}\\.([A-Za-z0-9_.]+)`);
  for (const part of message.split(/;\s*/).map((p) => p.trim()).filter(Boolean)) {
    const m = re.exec(part);
    if (!m) {
      rest.push(part);
      continue;
    }
    const path = m[1]!.replace(/\.$/, '');
    const name = path.split('.').map((seg) => (/^\d+$/.test(seg) ? Number(seg) : seg));
    const key = path;
    const entry = fields.get(key) ?? { name, errors: [] };
    entry.errors.push(part);
    fields.set(key, entry);
  }
  return { fields: [...fields.values()], rest };
}
