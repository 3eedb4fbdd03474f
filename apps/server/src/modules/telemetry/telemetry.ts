/**
 * Starts the telemetry path of a server process: partitions, the ingest, the broker (embedded aedes, or consumers
 * of an external broker when MQTT_URL is set) and the network-status/alarm job. Called from main.ts after the HTTP
 * server listens; `buildApp` stays free of it so tests start only what they need.
 */
import type { Config } from '../../config.js';
import { databaseErrorReason, isDatabaseUnavailable } from '../../core/errors.js';
import type { Database } from '../../db/client.js';
import { defaultClientIdPrefix, startEmbeddedBroker, startExternalConsumer, type BrokerHandle, type Logger } from './broker.js';
import { deviceChanges } from './device-events.js';
import { IngestService } from './ingest.service.js';
import { rawDb } from './raw-db.js';
import { StatusService } from './status.service.js';
import { loadTelemetryConfig, type TelemetryConfig } from './telemetry.config.js';
import { TelemetryRepository } from './telemetry.repository.js';

export interface TelemetryHandle {
  repo: TelemetryRepository;
  ingest: IngestService;
  status: StatusService;
  broker: BrokerHandle;
  close(): Promise<void>;
}

export interface StartOptions {
  config: Config;
  database: Database;
  log: Logger;
  telemetry?: TelemetryConfig;
  /** Run the status job on a timer (default true). */
  statusTimer?: boolean;
}

export async function startTelemetry(o: StartOptions): Promise<TelemetryHandle> {
  const tc = o.telemetry ?? loadTelemetryConfig();
  const db = rawDb(o.database);
  const repo = new TelemetryRepository(db);
  await repo.partitions.ensureAround(Date.now());
  const ingest = new IngestService(repo, {
    defaultTz: o.config.timeZone,
    maxFutureMs: tc.maxFutureSeconds * 1000,
    maxPastMs: tc.maxAgeDays * 86_400_000,
    log: o.log,
  });
  await ingest.devices.preload();
  const onChange = (sn: string) => ingest.devices.invalidate(sn);
  deviceChanges.on('changed', onChange);

  let broker: BrokerHandle;
  try {
    broker = o.config.mqttUrl
      ? await startExternalConsumer({
          url: o.config.mqttUrl,
          ingest,
          consumers: tc.mqttConsumers,
          group: tc.mqttGroup,
          clientIdPrefix: tc.mqttClientId ?? defaultClientIdPrefix(o.config.port),
          log: o.log,
        })
      : await startEmbeddedBroker({ port: o.config.mqttPort, host: tc.mqttHost ?? o.config.host, limits: tc.mqttLimits, ingest, repo, log: o.log });
  } catch (e) {
    deviceChanges.off('changed', onChange);
    await ingest.close();
    throw e;
  }

  const status = new StatusService(db, repo, tc.retention);
  let running = false;
  let timer: NodeJS.Timeout | undefined;
  if (o.statusTimer !== false) {
    timer = setInterval(() => {
      if (running) return;
      running = true;
      status
        .run()
        // The next run tries again: a database away for a while costs a few runs, not the job.
        .catch((err) =>
          isDatabaseUnavailable(err)
            ? o.log.warn({ reason: databaseErrorReason(err) }, 'network status run skipped: database unavailable')
            : o.log.warn({ err }, 'network status run failed'),
        )
        .finally(() => (running = false));
    }, tc.statusIntervalSeconds * 1000);
    timer.unref();
  }

  return {
    repo,
    ingest,
    status,
    broker,
    close: async () => {
      if (timer) clearInterval(timer);
      deviceChanges.off('changed', onChange);
      await broker.close();
      await ingest.close();
      while (running) await new Promise((r) => setTimeout(r, 10));
    },
  };
}
