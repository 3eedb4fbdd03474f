// Seeding for bench/epc-order.bench.mjs (not a bench itself): installer orders written with SQL in batches, the way
// the order module stores them (helio_epc_order with its stage-engine state, the customer form, and the inbox rows of
// helio_flow_task: one open task per running order at its current stage, one completed task for the stage before).
// Orders spread over the agent companies, every stage of the definition (plus completed and cancelled), Chinese and
// Latin customer names and two years of dates; the first 2 × `reserve` orders of the bench company wait at
// survey_date / callout_quote for the transition part.

/** Stage ids in the definition's order (contracts order.process.ts), their actor, and whether the actor is company staff. */
export const STAGES = [
  ['create', 'agent'], ['warranty_verification', 'administrator'], ['callout_quote', 'delivery_manager'], ['survey_date', 'rollout_manager'],
  ['designated_person', 'rollout_manager'], ['survey', 'site_technician'], ['survey_review', 'rollout_manager'], ['design', 'designer'],
  ['stock_audit', 'warehouse_manager'], ['ess_quotation', 'delivery_manager'], ['ess_payment', 'finance'], ['installation_date', 'rollout_manager'],
  ['install_assignment', 'rollout_manager'], ['material_collection', 'warehouse_manager'], ['material_signing', 'site_technician'],
  ['ehs_submission', 'site_technician'], ['ehs_verification', 'rollout_manager'], ['qc_submission', 'site_technician'], ['qc_verification', 'rollout_manager'],
  ['fac_sign_audit', 'delivery_manager'], ['temporary_coc', 'delivery_manager'], ['final_coc', 'delivery_manager'], ['balance_payment', 'finance'],
];
const TENANT_ROLES = new Set(['administrator', 'designer', 'finance']);
/** Review stages and their reviewers (a third of the orders there wait for review). */
const REVIEW = { callout_quote: 'finance', design: 'rollout_manager', ess_quotation: 'finance', fac_sign_audit: 'administrator', final_coc: 'administrator' };
const ZH_SURNAMES = ['王', '李', '张', '刘', '陈', '杨', '黄', '赵', '吴', '周', '徐', '孙', '马', '朱', '胡', '郭', '何', '林', '罗', '高'];
const ZH_GIVEN = ['伟', '芳', '娜', '敏', '静', '丽', '强', '磊', '洋', '艳', '勇', '军', '杰', '娟', '涛', '明', '超', '秀英', '建华', '志强'];
const FIRST = ['Thabo', 'Sipho', 'Lerato', 'Naledi', 'Pieter', 'Johan', 'Aisha', 'Fatima', 'David', 'Sarah', 'Michael', 'Grace', 'Bongani', 'Zanele', 'Ahmed', 'Maria', 'Kwame', 'Ama', 'Liam', 'Emma'];
const LAST = ['Nkosi', 'Dlamini', 'Mokoena', 'Naidoo', 'van der Merwe', 'Botha', 'Khumalo', 'Smith', 'Pillay', 'Mahlangu', 'Ndlovu', 'Jacobs', 'Mensah', 'Osei', 'Williams', 'Brown', 'Coetzee', 'Mthembu', 'Zulu', 'Adams'];
export const ORDER_ID0 = 7700000000000000000n;
const TASK_ID0 = 7710000000000000000n;
const FORM_ID0 = 7720000000000000000n;
const FAKE_USER0 = 7730000000000000000n;
const DAY = 86_400_000;

/** Deterministic 32-bit mix of an integer (which stage, company and name an order gets). */
function mix(n) {
  let x = Math.imul(n ^ 0x9e3779b9, 0x85ebca6b);
  x = Math.imul(x ^ (x >>> 13), 0xc2b2ae35);
  return (x ^ (x >>> 16)) >>> 0;
}
const q = (s) => `'${String(s).replace(/'/g, "''")}'`;
const iso = (ms) => new Date(ms).toISOString();
const yymmdd = (ms) => iso(ms).slice(2, 10).replaceAll('-', '');

export function customerName(g) {
  const h = mix(g * 7 + 1);
  if (h % 2) return `${ZH_SURNAMES[(h >>> 1) % 20]}${ZH_GIVEN[(h >>> 6) % 20]}${h % 3 ? '' : ZH_GIVEN[(h >>> 11) % 20]}`;
  return `${FIRST[(h >>> 1) % 20]} ${LAST[(h >>> 6) % 20]}`;
}

/**
 * One order: `g` (1-based) picks its company, stage, customer and creation time; the state's visits run through the
 * definition's stages up to the current one (cancelled orders stop somewhere on the way).
 */
export function order(g, o) {
  const { total, companies, bench, reserve, now } = o;
  const id = ORDER_ID0 + BigInt(g);
  const created = now - Math.floor(((total - g) / total) * 730 * DAY) - (mix(g) % 3600) * 1000;
  let company = companies[mix(g * 3) % companies.length];
  let k = mix(g * 5) % (STAGES.length + 2); // STAGES.length: completed, +1: cancelled
  let review = false;
  if (g <= 2 * reserve) {
    company = bench;
    k = g <= reserve ? 3 : 2; // survey_date, callout_quote (pending)
  } else review = k < STAGES.length && REVIEW[STAGES[k][0]] !== undefined && mix(g * 11) % 3 === 0;
  const cancelled = k === STAGES.length + 1;
  const reached = cancelled ? 1 + (mix(g * 13) % (STAGES.length - 1)) : Math.min(k, STAGES.length);
  const path = STAGES.slice(0, reached + (k < STAGES.length ? 1 : 0)).map((s) => s[0]);
  const terminal = k >= STAGES.length ? (cancelled ? 'cancelled' : 'completed') : undefined;
  if (terminal) path.push(terminal);
  // Spread the visits between the creation and (at most) now.
  const span = Math.max(1, Math.min(now - created, 120 * DAY));
  const step = Math.floor(span / (path.length + 1));
  const visits = path.map((stage, i) => {
    const v = { stage, enteredAt: iso(created + i * step) };
    if (i < path.length - 1) Object.assign(v, { leftAt: iso(created + (i + 1) * step), leftBy: path[i + 1] === 'cancelled' ? 'examine' : i % 3 ? 'approve' : 'submit' });
    return v;
  });
  const stage = path[path.length - 1];
  const endedAt = terminal ? visits[visits.length - 1].enteredAt : null;
  const subStatus = terminal ? null : review ? 'in_review' : 'pending';
  const version = visits.length - 1 + (review ? 1 : 0);
  const state = {
    process: o.process ?? 'epc_order', processVersion: 1, stage, subStatus, inReview: review, version, visits, pending: null,
    assignees: {}, scope: { tenantId: '000000', companyId: company.id }, endedAt,
  };
  const name = customerName(g);
  const orderNumber = `${o.prefix ?? 'EPC'}${yymmdd(created)}${id.toString().slice(-6)}`;
  return { g, id, company, stage, subStatus, review, version, state, name, orderNumber, created, entered: Date.parse(visits[visits.length - 1].enteredAt), terminal, path };
}

/** The candidates of an inbox task at `stage` for `role` (what OrderSteps.openTask writes). */
function candidates(role, company) {
  if (TENANT_ROLES.has(role)) return [`g:${role}`];
  const staff = company.staff?.[role];
  if (staff) return [`u:${staff}`];
  return [`u:${FAKE_USER0 + BigInt(company.index * 16 + STAGES.findIndex((s) => s[1] === role))}`];
}

/**
 * Inserts the orders, their customer forms and inbox tasks with `query(sql)`, `batch` orders per statement. `o.process`
 * and `o.prefix` make them another kind of order (maintenance: `maint_order`, MNT…); `o.extra(rows, query)` writes a
 * kind's own rows per batch.
 */
export async function seedOrders(query, o, batch = 500) {
  const reserved = { surveyDate: [], callout: [] };
  let tasks = 0;
  for (let from = 1; from <= o.total; from += batch) {
    const orders = [];
    const forms = [];
    const inbox = [];
    const batchRows = [];
    for (let g = from; g < Math.min(o.total + 1, from + batch); g++) {
      const r = order(g, o);
      batchRows.push(r);
      if (g <= o.reserve) reserved.surveyDate.push({ id: r.id.toString(), version: r.version });
      else if (g <= 2 * o.reserve) reserved.callout.push({ id: r.id.toString(), version: r.version });
      const phone = `+27 8${String(mix(g * 17) % 100000000).padStart(8, '0')}`;
      orders.push(`(${r.id}, '000000', ${q(r.orderNumber)}, ${r.company.id}, ${q(r.name)}, ${q(phone)}, '${1 + (g % 3)}', ${q(o.process ?? 'epc_order')}, ${q(r.stage)}, ${r.subStatus ? q(r.subStatus) : 'NULL'},
        ${r.review}, NULL, ${q(JSON.stringify(r.state))}::jsonb, ${q(iso(r.entered))}, ${r.terminal ? q(iso(r.entered)) : 'NULL'}, ${r.version},
        ${r.company.adminUser}, ${q(iso(r.created))}, ${r.company.adminUser}, ${q(iso(r.entered))})`);
      const customer = { name: r.name, phoneDiallingCode: '+27', phone: phone.slice(4), email: `c${g}@example.com`, installAddress: { country: 'ZA', province: 'GP', city: 'Johannesburg' }, address: `${1 + (g % 200)} Main Road`, projectType: String(1 + (g % 3)) };
      forms.push(`(${FORM_ID0 + BigInt(g)}, '000000', ${r.id}, 'customer', ${q(JSON.stringify(customer))}::jsonb, ${r.company.adminUser}, ${q(iso(r.created))})`);
      const at = (s) => STAGES.find((x) => x[0] === s);
      if (r.path.length > 1) {
        const prev = at(r.path[r.path.length - 2]);
        inbox.push(`(${TASK_ID0 + BigInt(2 * g)}, '000000', ${q(o.kind ?? 'epc')}, '${r.id}', ${q(prev[0])}, ${q(`${r.orderNumber} ${prev[0]}`)}, ${q(o.process ?? 'epc_order')}, ${q(`${o.process ?? 'epc_order'}:${prev[0]}`)},
          ${q(`{${candidates(prev[1], r.company).join(',')}}`)}, 'completed', ${q(iso(r.created))}, ${q(iso(r.entered))}, '${r.company.adminUser}', 'complete')`);
      }
      if (!r.terminal) {
        const role = r.review ? REVIEW[r.stage] : at(r.stage)[1];
        inbox.push(`(${TASK_ID0 + BigInt(2 * g + 1)}, '000000', ${q(o.kind ?? 'epc')}, '${r.id}', ${q(r.stage)}, ${q(`${r.orderNumber} ${r.stage}`)}, ${q(o.process ?? 'epc_order')}, ${q(`${o.process ?? 'epc_order'}:${r.stage}`)},
          ${q(`{${candidates(role, r.company).join(',')}}`)}, 'open', ${q(iso(r.entered))}, NULL, NULL, NULL)`);
      }
    }
    await query(`INSERT INTO helio_epc_order (id, tenant_id, order_number, agent_id, customer_name, customer_phone, project_type, process, stage, sub_status,
      in_review, pending, state, stage_entered_at, ended_at, version, create_user, create_time, update_user, update_time) VALUES ${orders.join(',')}`);
    await query(`INSERT INTO helio_epc_order_form (id, tenant_id, order_id, form_key, data, update_user, update_time) VALUES ${forms.join(',')}`);
    await query(`INSERT INTO helio_flow_task (id, tenant_id, kind, ref_id, element_id, name, category, form_key, candidates, status, create_time, end_time, completed_by, outcome)
      VALUES ${inbox.join(',')}`);
    tasks += inbox.length;
    if (o.extra) await o.extra(batchRows, query);
  }
  return { reserved, tasks };
}
