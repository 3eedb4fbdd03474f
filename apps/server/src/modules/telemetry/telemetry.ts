/**
 * Starts the telemetry path of a server process: partitions, the ingest, the broker (embedded aedes, or consumers
 * of an external broker when MQTT_URL is set) and the network-status/alarm job. Called from main.ts after the HTTP
 * server listens; `buildApp` stays free of it so tests start only what they need.
 */
import type { Config } from '../../config.js';
import { databaseErrorReason, isDatabaseUnavailable } from '../../core/errors.js';
import type { Database } from '../../db/client.js';
import { defaultClientIdPrefix, startEmbeddedBroker, startExternalConsumer, type BrokerHandle, type Logger } from './broker.js';
import { DeviceCommandService } from './commands.js';
import { deviceChanges } from './device-events.js';
import { IngestService } from './ingest.service.js';
import { rawDb } from './raw-db.js';
import { StatusService } from './status.service.js';
import type { TelemetryConfig } from '../../settings/telemetry.js';
import { TelemetryRepository } from './telemetry.repository.js';

export interface TelemetryHandle {
  repo: TelemetryRepository;
  ingest: IngestService;
  status: StatusService;
  broker: BrokerHandle;
  /** Commands to devices over this broker (kernel capability `devices`). */
  commands: DeviceCommandService;
  close(): Promise<void>;
}

export interface StartOptions {
  config: Config;
  database: Database;
  log: Logger;
  telemetry?: TelemetryConfig;
  /** Run the status job on a timer (default true). */
  statusTimer?: boolean;
  /** After each committed batch of stored reports (the module emits `telemetry.reported`). */
  onStored?: (count: number) => void;
}

export async function startTelemetry(o: StartOptions): Promise<TelemetryHandle> {
  const tc = o.telemetry ?? o.config.telemetry;
  const db = rawDb(o.database);
  const repo = new TelemetryRepository(db);
  await repo.partitions.ensureAround(Date.now());
  const ingest = new IngestService(repo, {
    defaultTz: o.config.timeZone,
    maxFutureMs: tc.maxFutureSeconds * 1000,
    maxPastMs: tc.maxAgeDays * 86_400_000,
    log: o.log,
    onStored: o.onStored,
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

  // An external broker's shared subscription may hand a reply to another process: waiters then also read their row.
  const commands = new DeviceCommandService(o.database, ingest.devices, (topic, payload) => broker.publish(topic, payload), o.config.mqttUrl ? 500 : 0);
  ingest.commandReplies = (sn, id, payload) => commands.reply(sn, id, payload);
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
    commands,
    close: async () => {
      commands.close();
      if (timer) clearInterval(timer);
      deviceChanges.off('changed', onChange);
      await broker.close();
      await ingest.close();
      while (running) await new Promise((r) => setTimeout(r, 10));
    },
  };
}
