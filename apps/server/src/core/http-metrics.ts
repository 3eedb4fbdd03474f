/**
 * Request rates and latencies (issue 21): every answered request counted by method, route template (never the raw
 * path: its ids would make the label set unbounded; an unmatched path is `unmatched`) and status class, and its
 * latency observed per method and route template.
 */
import type { FastifyInstance } from 'fastify';
import type { Metrics } from './metrics.js';

export function installHttpMetrics(app: FastifyInstance, metrics: Metrics): void {
  const requests = metrics.counter('helio_http_requests_total', 'HTTP requests answered, by method, route template and status class');
  const latency = metrics.histogram('helio_http_request_duration_seconds', 'HTTP request latency in seconds, by method and route template');
  app.addHook('onResponse', async (req, reply) => {
    const route = req.is404 ? 'unmatched' : (req.routeOptions.url ?? 'unmatched');
    requests.inc({ method: req.method, route, status: `${Math.floor(reply.statusCode / 100)}xx` });
    latency.observe({ method: req.method, route }, reply.elapsedTime / 1000);
  });
}
