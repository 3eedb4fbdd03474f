/**
 * The alarm module's public entry: its events (`alarm.raised`, `alarm.recovered`, after the commit that wrote them)
 * and rule evaluation for device reports (`evaluate`, for the telemetry event once it exists; `pollLatest` catches up
 * from the latest-state table).
 */
import type { AlarmEvaluator } from './alarm.evaluator.js';

export interface AlarmApi {
  evaluator: AlarmEvaluator;
}

declare module '../../kernel/types.js' {
  interface ModuleApis {
    alarm: AlarmApi;
  }
  interface HelioEvents {
    'alarm.raised': {
      alarmId: string;
      tenantId: string;
      plantId: string | null;
      deviceSn: string;
      deviceType: number;
      code: number;
      /** 4 critical, 3 major, 2 minor, 1 warning. */
      severity: number;
      category: string;
      triggerTime: string;
    };
    'alarm.recovered': { alarmId: string; tenantId: string; plantId: string | null; deviceSn: string; code: number; recoverTime: string };
  }
}

export type { AlarmEvaluator };
export type { EvaluateResult } from './alarm.evaluator.js';
export type { Sample } from './alarm.engine.js';
