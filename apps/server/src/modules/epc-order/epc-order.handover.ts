/**
 * Installer order, part 2 (issue 19): what the handover stages add to the generic step (epc-order.extension.ts).
 * FAC sign audit: a submit needs the four signatures (landlord, installer, electrician, owner), each a live image
 * attachment of the order's tenant, and the statement ticked (spec §8). Temporary and final COC: the customer's
 * confirmation ticked. The check is made before the transaction (look-ups) and its refusal thrown from the effect, so
 * that the stage engine's own refusals (not the caller's step, stale version, missing fields) come first.
 */
import { sql } from 'drizzle-orm';
import { isId } from '../../core/ids.js';
import type { Lang } from '../../core/i18n.js';
import type { Db } from '../../db/client.js';
import { rowsOf } from '../../db/rows.js';
import type { StepExtension } from './epc-order.extension.js';
import { handoverError, handoverText } from './epc-order.handover.messages.js';

type Rec = Record<string, unknown>;
export const SIGNERS = ['landlord', 'installer', 'electrician', 'owner'] as const;
const IMAGE = ['png', 'jpg', 'jpeg', 'gif', 'webp', 'bmp'];
const obj = (v: unknown): Rec => (v && typeof v === 'object' && !Array.isArray(v) ? (v as Rec) : {});
const text = (v: unknown) => (typeof v === 'string' ? v.trim() : '');

/** The FAC form's problem on submit (undefined: none). */
export async function facProblem(db: Db, tenantId: string, form: Rec, lang: Lang): Promise<Error | undefined> {
  const sig = obj(form.signatures);
  const ids = SIGNERS.map((k) => [k, text(sig[k])] as const);
  const who = (k: (typeof SIGNERS)[number]) => handoverText(lang, k);
  const missing = ids.find(([, id]) => !id);
  if (missing) return handoverError(lang, 'signatureRequired', { who: who(missing[0]) });
  const bad = ids.find(([, id]) => !isId(id));
  if (bad) return handoverError(lang, 'signatureNotFound', { who: who(bad[0]) });
  const found = await rowsOf<{ id: string; ext: string | null }>(
    db,
    sql`SELECT id::text AS id, lower(extension) AS ext FROM blade_attach
         WHERE id = ANY(ARRAY[${sql.join(ids.map(([, id]) => sql`${id}`), sql`, `)}]::bigint[]) AND tenant_id = ${tenantId} AND is_deleted = 0`,
  );
  const byId = new Map(found.map((r) => [r.id, r]));
  for (const [k, id] of ids) {
    const row = byId.get(id);
    if (!row) return handoverError(lang, 'signatureNotFound', { who: who(k) });
    if (!IMAGE.includes((row.ext ?? '').replace(/^\./, ''))) return handoverError(lang, 'signatureNotImage', { who: who(k) });
  }
  if (form.confirmed !== true) return handoverError(lang, 'statementRequired');
  return undefined;
}

export const handoverExtension: StepExtension = {
  stages: ['fac_sign_audit', 'temporary_coc', 'final_coc', 'balance_payment'],
  async prepare(c) {
    if (c.action !== 'submit' || c.row.stage !== c.stage) return undefined;
    if (c.stage === 'fac_sign_audit') return facProblem(c.reads.ctx.db, c.row.tenantId, obj(c.data.fac), c.lang);
    if (c.stage === 'temporary_coc' || c.stage === 'final_coc') {
      const form = obj(c.data[c.stage === 'temporary_coc' ? 'temporaryCoc' : 'finalCoc']);
      if (form.customerConfirmed !== true) return handoverError(c.lang, 'cocConfirmRequired');
    }
    return undefined;
  },
  explain(errors, _prepared, c) {
    const unconfirmed = errors.some((r) => r.code === 'missing-requirement' && /^(temporaryCoc|finalCoc)\.customerConfirmed$/.test(r.field ?? ''));
    return unconfirmed ? handoverError(c.lang, 'cocConfirmRequired') : undefined;
  },
  async effect(e) {
    if (e.prepared instanceof Error) throw e.prepared;
  },
};
