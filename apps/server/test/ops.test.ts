/**
 * Operations endpoints (issue 21): liveness; readiness naming each dependency (and 503 when one is away); Prometheus
 * metrics with request counts by route template, job and ingest families — only for the configured token, or without
 * one only for a scrape from this machine that did not come through a proxy.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Health } from '../src/core/health.js';
import { RedisKvStore } from '../src/core/kv-store.js';
import { createTestApp, type TestApp } from './helper.js';

const TOKEN = 'metrics-token-0123456789';
let t: TestApp;
let guarded: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  guarded = await createTestApp({ HELIO_METRICS_TOKEN: TOKEN });
}, 120_000);
afterAll(async () => {
  await t?.stop();
  await guarded?.stop();
});

describe('liveness and readiness', () => {
  it('is live and ready with the database, the key-value store and the (not started) device path named', async () => {
    expect((await t.req({ method: 'GET', url: '/api/live' })).json().data.ok).toBe(true);
    const res = await t.req({ method: 'GET', url: '/api/ready' });
    expect(res.statusCode, res.body).toBe(200);
    const { data } = res.json();
    expect(data.ok).toBe(true);
    expect(data.checks.database).toMatchObject({ ok: true });
    expect(data.checks.kv).toMatchObject({ ok: true, detail: 'in-process' });
    expect(data.checks.broker).toMatchObject({ ok: true, detail: 'not started' });
    expect(res.headers['cache-control']).toBe('no-store');
  });

  it('reports a dependency that is away as not ready, with the reason and without waiting past its timeout', async () => {
    // A Redis client aimed at a loopback port nobody listens on: the check fails at once (never through its offline queue).
    const kv = new RedisKvStore('redis://127.0.0.1:1', 'ops-test:');
    const health = new Health();
    health.register('kv', () => kv.ping().then(() => 'redis'));
    health.register('slow', () => new Promise<string>((r) => setTimeout(() => r('late'), 5000)));
    health.register('fine', async () => 'ok');
    const report = await health.report(300);
    expect(report.ok).toBe(false);
    expect(report.checks.kv!.ok).toBe(false);
    expect(report.checks.kv!.detail).toMatch(/redis/);
    expect(report.checks.slow).toMatchObject({ ok: false, detail: 'no answer in 300 ms' });
    expect(report.checks.fine).toMatchObject({ ok: true, detail: 'ok' });
    await kv.close();
  });
});

describe('metrics', () => {
  it('counts requests by route template (never the raw path) and exposes the job and ingest families', async () => {
    await t.req({ method: 'GET', url: '/api/blade-system/dict/dictionary?code=sex' });
    await t.req({ method: 'GET', url: '/api/no-such-route/123456' });
    const res = await t.req({ method: 'GET', url: '/metrics' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain/);
    const text = res.body;
    expect(text).toMatch(/helio_http_requests_total\{method="GET",route="\/api\/blade-system\/dict\/dictionary",status="4xx"\} 1/);
    expect(text).toMatch(/helio_http_requests_total\{method="GET",route="unmatched",status="4xx"\} \d+/);
    expect(text).not.toContain('123456');
    expect(text).toMatch(/helio_http_request_duration_seconds_bucket\{method="GET",route="\/api\/live",le="0.005"\}|helio_http_request_duration_seconds_count/);
    expect(text).toContain('# TYPE helio_job_lag_seconds gauge');
    expect(text).toMatch(/\nhelio_job_lag_seconds\{job="telemetry.status"\} [\d.]+\n/);
    expect(text).toContain('helio_metrics_collector_errors 0');
  });

  it('refuses a scrape through a proxy without a token, and with a token configured anything but that token', async () => {
    expect((await t.req({ method: 'GET', url: '/metrics', headers: { 'x-forwarded-for': '203.0.113.9' } })).statusCode).toBe(403);
    expect((await guarded.req({ method: 'GET', url: '/metrics' })).statusCode).toBe(403);
    expect((await guarded.req({ method: 'GET', url: '/metrics', headers: { authorization: 'Bearer wrong-token-0123456789' } })).statusCode).toBe(403);
    const ok = await guarded.req({ method: 'GET', url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } });
    expect(ok.statusCode).toBe(200);
    expect(ok.body).toContain('helio_http_requests_total');
  });
});
