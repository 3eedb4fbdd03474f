/**
 * Operations endpoints (issue 21): liveness, readiness and Prometheus metrics. Public on purpose — a load balancer
 * and an orchestrator probe them without a session; readiness names each dependency's state but never an address or
 * a secret; metrics answer only with the configured bearer token, or, without one, only to a scrape from the same
 * machine (apps/server/src/modules/ops).
 */
import { Type } from 'typebox';
import { defineEndpoint } from '../../api/endpoint.js';

const TAGS = ['ops'];
const PUBLIC = { public: true } as const;

export const CheckVO = Type.Object({ ok: Type.Boolean(), detail: Type.Optional(Type.String()), ms: Type.Integer() });
export const ReadyVO = Type.Object({ ok: Type.Boolean(), checks: Type.Record(Type.String(), CheckVO) });

export const live = defineEndpoint({
  method: 'GET',
  url: '/api/live',
  access: PUBLIC,
  tags: TAGS,
  summary: 'Liveness: the process answers (no dependency is consulted)',
  data: Type.Object({ ok: Type.Boolean(), uptime: Type.Number() }),
});

/** 200 when every dependency answers, else 503 with the same body. */
export const ready = defineEndpoint({
  method: 'GET',
  url: '/api/ready',
  access: PUBLIC,
  tags: TAGS,
  summary: "Readiness: each dependency's state (database, key-value store, device broker); 503 while one is away",
  data: ReadyVO,
});

/** The Prometheus text exposition (not the JSON envelope). */
export const metrics = {
  method: 'GET',
  url: '/metrics',
  access: PUBLIC,
  tags: TAGS,
  summary: 'Prometheus metrics of this process: HTTP rates and latencies, ingest and rejections, queue depths, job lag',
  mime: 'text/plain; version=0.0.4; charset=utf-8',
} as const;
