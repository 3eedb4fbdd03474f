/**
 * The device path's metrics, read when scraped (issue 21): messages stored, duplicates and rejections by reason since
 * this process started, the ingest queue's depth and the batch writer's work, and the broker's clients.
 */
import type { Family } from '../../core/metrics.js';
import type { TelemetryHandle } from './telemetry.js';

export function ingestFamilies(h: TelemetryHandle | undefined): Family[] {
  if (!h) return [];
  const { ingest } = h;
  const outcomes = Object.entries(ingest.totals).map(([outcome, value]) => ({ labels: { outcome }, value }));
  const depth = ingest.depth();
  return [
    { name: 'helio_ingest_messages_total', help: 'Device messages handled by this process, by outcome (stored, duplicate, or the reject reason)', type: 'counter', samples: outcomes },
    { name: 'helio_ingest_batches_total', help: 'Batches written by the ingest writer', type: 'counter', samples: [{ value: ingest.batchSizes.batches }] },
    { name: 'helio_ingest_queue_depth', help: 'Device messages waiting for a batch write', type: 'gauge', samples: [{ value: depth.queued }] },
    { name: 'helio_ingest_flushing', help: 'Batch writes in progress', type: 'gauge', samples: [{ value: depth.flushing }] },
    { name: 'helio_broker_up', help: 'Whether the broker side can receive device messages (1) or not (0)', type: 'gauge', samples: [{ value: h.broker.state().ok ? 1 : 0 }] },
  ];
}
