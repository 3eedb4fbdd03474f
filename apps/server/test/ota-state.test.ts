/** The OTA state machines (pure): an upgrade's 8 states, wave planning, the halt rule, pacing and the window. */
import { describe, expect, it } from 'vitest';
import {
  advance,
  campaignActionAllowed,
  inWindow,
  pacing,
  parseOtaMessage,
  planWaves,
  waveVerdict,
} from '../src/modules/ota/ota.state.js';

describe('an upgrade', () => {
  it('moves forward only, fails from any running state, and never leaves a final state', () => {
    expect(advance('notified', 'downloading')).toBe('downloading');
    expect(advance('notified', 'updated')).toBe('updated'); // a device may skip reporting steps
    expect(advance('verifying', 'downloading')).toBeUndefined(); // a late report moves nothing back
    expect(advance('downloading', 'downloading')).toBeUndefined();
    expect(advance('updating', 'failed')).toBe('failed');
    expect(advance('queued', 'failed')).toBe('failed');
    expect(advance('updated', 'failed')).toBeUndefined();
    expect(advance('failed', 'updated')).toBeUndefined();
    expect(advance('notified', 'queued')).toBeUndefined();
  });

  it("reads a device's progress event: the upgrade id and the detail", () => {
    expect(parseOtaMessage(801, '123:45')).toEqual({ upgradeId: '123', state: 'downloading', detail: '45' });
    expect(parseOtaMessage(805, '123:V2.0.0')).toEqual({ upgradeId: '123', state: 'updated', detail: 'V2.0.0' });
    expect(parseOtaMessage(806, '9:checksum mismatch: a:b')).toEqual({ upgradeId: '9', state: 'failed', detail: 'checksum mismatch: a:b' });
    expect(parseOtaMessage(802, '77')).toEqual({ upgradeId: '77', state: 'downloaded', detail: '' });
    expect(parseOtaMessage(8, '123')).toBeUndefined();
    expect(parseOtaMessage(801, 'not an id')).toBeUndefined();
    expect(parseOtaMessage(801, null)).toBeUndefined();
  });
});

describe('a campaign', () => {
  it('plans a canary (its share rounded up, at least one) and then waves of the configured size', () => {
    expect(planWaves(20, 10, 6)).toEqual([0, 0, 1, 1, 1, 1, 1, 1, 2, 2, 2, 2, 2, 2, 3, 3, 3, 3, 3, 3]);
    expect(planWaves(3, 0, 5)).toEqual([0, 1, 1]);
    expect(planWaves(1, 50, 5)).toEqual([0]);
    expect(planWaves(0, 10, 5)).toEqual([]);
  });

  it('halts when a finished wave fails more than the threshold', () => {
    expect(waveVerdict(6, 2, 30)).toBe('halt');
    expect(waveVerdict(10, 3, 30)).toBe('next');
    expect(waveVerdict(2, 0, 0)).toBe('next');
    expect(waveVerdict(0, 0, 0)).toBe('next');
  });

  it('allows resume and rollback only when halted, cancel while running or halted', () => {
    expect(campaignActionAllowed('halted', 'resume')).toBe(true);
    expect(campaignActionAllowed('running', 'resume')).toBe(false);
    expect(campaignActionAllowed('halted', 'rollback')).toBe(true);
    expect(campaignActionAllowed('done', 'rollback')).toBe(false);
    expect(campaignActionAllowed('running', 'cancel')).toBe(true);
    expect(campaignActionAllowed('rolled_back', 'cancel')).toBe(false);
  });

  it('holds the pace: devices per step and the wait between steps', () => {
    expect(pacing(60)).toEqual({ batch: 1, everyMs: 1000 });
    expect(pacing(1000)).toEqual({ batch: 17, everyMs: 1020 });
    expect(pacing(6000)).toEqual({ batch: 100, everyMs: 1000 });
    expect(pacing(1)).toEqual({ batch: 1, everyMs: 60_000 });
  });

  it("opens the maintenance window in the station's local time, also across midnight", () => {
    const at = new Date('2026-11-27T18:30:00Z'); // 02:30 in Shanghai, 18:30 UTC
    expect(inWindow(at, 'Asia/Shanghai', '00:00', '05:00')).toBe(true);
    expect(inWindow(at, 'UTC', '00:00', '05:00')).toBe(false);
    expect(inWindow(at, 'UTC', '18:00', '02:00')).toBe(true);
    expect(inWindow(at, 'Asia/Shanghai', '22:00', '02:00')).toBe(false);
    expect(inWindow(at, 'Europe/Berlin', '00:00', '00:00')).toBe(true); // equal ends: always open
  });
});
