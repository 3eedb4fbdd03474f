/**
 * Shared by the stock tests (stock.test.ts, stock-ledger.test.ts): the app of the importing file, signed in as the
 * administrator, the paths, request helpers, a SKU maker and factory serials.
 */
import { afterAll, beforeAll } from 'vitest';
import { inverterFactory } from '../src/db/schema-device.js';
import { nextId } from '../src/core/ids.js';
import { createTestApp, type TestApp } from './helper.js';
import { uniqueSn } from './station-fixtures.js';

export let t: TestApp;
export let h: Record<string, string>;

export function useStockApp(): void {
  beforeAll(async () => {
    t = await createTestApp();
    h = await t.adminHeaders();
  });
  afterAll(async () => t?.stop());
}

export const API = '/api/skyworth-agent';
export const SKU = `${API}/skuBaseInfo`;
export const MOVE = `${API}/skuHistory`;
export const en = { 'accept-language': 'en-US' };

export const post = (url: string, payload?: object, headers = h) => t.req({ method: 'POST', url, headers, ...(payload ? { payload } : {}) });
export const get = (url: string, headers = h) => t.req({ method: 'GET', url, headers });

let seq = 0;
export const code = (p = 'SKU') => `${p}-${Date.now().toString(36)}-${seq++}`;

/** A new SKU (answers its id). */
export async function makeSku(extra: Record<string, unknown> = {}, headers = h): Promise<string> {
  const res = await post(`${SKU}/save`, { sku: code(), skuName: 'Panel 450W', skuType: 3, unit: 'pcs', unitPrice: '100.5', ...extra }, headers);
  if (res.json().code !== 200) throw new Error(`SKU save failed: ${res.body}`);
  return res.json().data.id as string;
}

/** `n` inverter serials put in the factory list. */
export async function factorySerials(n: number): Promise<string[]> {
  const sns = Array.from({ length: n }, () => uniqueSn('STK'));
  await t.database.db.insert(inverterFactory).values(sns.map((deviceSn) => ({ id: nextId(), deviceSn })));
  return sns;
}

export const move = (body: Record<string, unknown>, headers = h) => post(`${MOVE}/save`, body, headers);
export const surplus = async (skuId: string, headers = h) => (await get(`${MOVE}/surplusQuantity?skuId=${skuId}`, headers)).json().data;
export const movements = async (skuId: string, headers = h) => (await get(`${MOVE}/page?skuId=${skuId}&size=100`, headers)).json().data;
