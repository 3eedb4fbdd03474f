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

/** Paths of the list rows' string fields whose value is `target` (a row's field: the path holds a row index). */
function valuePaths(value: unknown, target: string, path: (string | number)[] = []): (string | number)[][] {
  if (typeof value === 'string') return value === target && path.some((s) => typeof s === 'number') ? [path] : [];
  if (Array.isArray(value)) return value.flatMap((v, i) => valuePaths(v, target, [...path, i]));
  if (value && typeof value === 'object') return Object.entries(value).flatMap(([k, v]) => valuePaths(v, target, [...path, k]));
  return [];
}

/**
 * Messages that end with a value the user entered in a list row ("Inverter serial does not exist: INV-1", "The same SN
 * can be selected only once: INV-1") go to the rows' fields that hold that value (every row, for a repeated one); the
 * others are returned.
 */
export function valueErrors(parts: readonly string[], values: unknown): { fields: FieldError[]; rest: string[] } {
  const fields = new Map<string, FieldError>();
  const rest: string[] = [];
  for (const part of parts) {
    const m = /[:：]\s*([^\s:：]+)\s*$/.exec(part);
    const paths = m ? valuePaths(values, m[1]!) : [];
    if (!paths.length) {
      rest.push(part);
      continue;
    }
    for (const name of paths) {
      const key = name.join('.');
      const entry = fields.get(key) ?? { name, errors: [] };
      entry.errors.push(part);
      fields.set(key, entry);
    }
  }
  return { fields: [...fields.values()], rest };
}
