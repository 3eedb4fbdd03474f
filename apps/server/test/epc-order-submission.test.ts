/**
 * A step sent twice under one client id (issue 19: a phone that lost its connection mid-submit sends its offline
 * form again) acts once: the repeat answers 200 with the order as it is, even though its version is now stale; a
 * different id with the stale version is still a conflict. Also proves the part-2 fixtures reach their stages.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './helper.js';
import { helpers, ORDER, type Crew, type H } from './epc-order-fixtures.js';
import { part2 } from './epc-order-part2-fixtures.js';

let t: TestApp;
let admin: H;
let crew: Crew;
const { post, get, crew: makeCrew } = helpers(() => t);
const p2 = part2(() => t, () => admin, () => crew);

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.adminHeaders();
  crew = await makeCrew(admin);
}, 120_000);
afterAll(async () => t?.stop());

describe('installer order: one submission, one step', () => {
  it('acts on a client submission id once; a repeat answers the order as it is', async () => {
    const { order } = await p2.paidOrder();
    const body = { orderId: order.id, version: order.version, date: '2026-12-10', submissionId: 'a1b2c3d4-0000-4000-8000-000000000001' };
    const first = await post(`${ORDER}/explorationDate/submit`, crew.rollout, body);
    expect(first.statusCode, first.body).toBe(400); // not the order's stage: the id is not stored for a refusal
    const placed = await p2.placeAt(order, 'survey_date');
    const again = { ...body, version: placed.version };
    const one = await post(`${ORDER}/explorationDate/submit`, crew.rollout, again);
    expect(one.json().code, one.body).toBe(200);
    expect(one.json().data).toMatchObject({ stage: 'designated_person', version: placed.version + 1 });
    const two = await post(`${ORDER}/explorationDate/submit`, crew.rollout, again);
    expect(two.json().code, two.body).toBe(200);
    expect(two.json().data).toMatchObject({ stage: 'designated_person', version: placed.version + 1 });
    const history = (await get(`${ORDER}/selectBaseOrderInfo?orderId=${order.id}`, crew.admin)).json().data.history as { stage: string }[];
    expect(history.filter((h) => h.stage === 'survey_date')).toHaveLength(2); // the walk's and this one, not three
    const other = await post(`${ORDER}/explorationDate/submit`, crew.rollout, { ...again, submissionId: 'a1b2c3d4-0000-4000-8000-000000000002' });
    expect(other.statusCode).toBe(409);
  }, 120_000);
});
