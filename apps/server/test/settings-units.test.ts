/**
 * The settings command's state machine and the value check (issue 15): pure functions, no database.
 */
import { describe, expect, it } from 'vitest';
import { SETTING_CATALOGUE } from '@helio/contracts/modules/settings/settings-catalogue';
import { checkSettingValue, sameSettingValue, settingsMessage, type ItemRule } from '@helio/contracts/modules/settings/settings-values';
import { COMMAND_STATES } from '@helio/contracts/modules/settings/settings.api';
import { afterWrite, canMove, FINAL_STATES, initialState, isFinal, TRANSITIONS } from '../src/modules/settings/settings.state.js';
import { dispatchCommand, replyBody } from '../src/simulator/commands.js';
import { simSettingsBehaviour } from '../src/simulator/settings.js';

const rule = (o: Partial<ItemRule>): ItemRule => ({ key: 'k', nameZh: '项', nameEn: 'Item', valueType: 'int', minValue: 0, maxValue: 100, decimals: 0, valueOptions: null, ...o });

describe('command states', () => {
  it('covers every state, and final states are never left', () => {
    expect(Object.keys(TRANSITIONS).sort()).toEqual([...COMMAND_STATES].sort());
    for (const s of FINAL_STATES) expect(TRANSITIONS[s]).toEqual([]);
    for (const s of COMMAND_STATES) expect(isFinal(s)).toBe(TRANSITIONS[s].length === 0);
  });

  it('reaches success only through sent and delivered, and every non-final state can end', () => {
    expect(canMove('queued', 'succeeded')).toBe(false);
    expect(canMove('pending_approval', 'sent')).toBe(false);
    expect(canMove('queued', 'sent') && canMove('sent', 'delivered') && canMove('delivered', 'succeeded')).toBe(true);
    // Nothing waits forever: each open state has a move to a final state (expiry or time-out).
    for (const s of COMMAND_STATES.filter((x) => !isFinal(x))) expect(TRANSITIONS[s].some((to) => isFinal(to))).toBe(true);
  });

  it('starts grid-code commands pending approval only when approval is on', () => {
    expect(initialState(true, true)).toBe('pending_approval');
    expect(initialState(true, false)).toBe('queued');
    expect(initialState(false, true)).toBe('queued');
  });

  it('maps the answer to the write', () => {
    expect(afterWrite({ ok: true })).toEqual({ state: 'delivered', reason: null });
    expect(afterWrite({ ok: false, error: 'busy' })).toEqual({ state: 'failed', reason: 'busy' });
    expect(afterWrite('no_answer').state).toBe('timed_out');
    expect(afterWrite('path_down').state).toBe('queued');
    expect(afterWrite('unknown_device').state).toBe('failed');
  });
});

describe('value check', () => {
  it('checks type, range, decimals, options and times', () => {
    expect(checkSettingValue(rule({}), 50)).toEqual({ value: 50 });
    expect(checkSettingValue(rule({}), '50')).toEqual({ value: 50 });
    expect(checkSettingValue(rule({}), 50.5)).toMatchObject({ problem: 'notInteger' });
    expect(checkSettingValue(rule({}), 101)).toMatchObject({ problem: 'outOfRange', params: { min: 0, max: 100 } });
    expect(checkSettingValue(rule({}), 'x')).toMatchObject({ problem: 'notANumber' });
    expect(checkSettingValue(rule({}), '')).toMatchObject({ problem: 'notANumber' });
    expect(checkSettingValue(rule({ valueType: 'decimal', decimals: 2 }), 1.25)).toEqual({ value: 1.25 });
    expect(checkSettingValue(rule({ valueType: 'decimal', decimals: 2 }), 1.255)).toMatchObject({ problem: 'tooManyDecimals' });
    expect(checkSettingValue(rule({ valueType: 'enum', valueOptions: '0:a:A|1:b:B' }), 1)).toEqual({ value: 1 });
    expect(checkSettingValue(rule({ valueType: 'enum', valueOptions: '0:a:A|1:b:B' }), 2)).toMatchObject({ problem: 'notAnOption' });
    expect(checkSettingValue(rule({ valueType: 'bool', valueOptions: null }), 1)).toEqual({ value: 1 });
    expect(checkSettingValue(rule({ valueType: 'time' }), '07:30')).toEqual({ value: '07:30' });
    expect(checkSettingValue(rule({ valueType: 'time' }), '24:00')).toMatchObject({ problem: 'notATime' });
  });

  it('names the item in both languages', () => {
    expect(settingsMessage('en-US', 'outOfRange', { name: 'Power limit', min: 0, max: 110 })).toBe('Power limit must be between 0 and 110');
    expect(settingsMessage('zh-CN', 'outOfRange', { name: '功率限制', min: 0, max: 110 })).toBe('功率限制的取值范围为0~110');
  });

  it('compares read-back values as settings', () => {
    expect(sameSettingValue(80, '80')).toBe(true);
    expect(sameSettingValue(80, 81)).toBe(false);
    expect(sameSettingValue('07:30', '07:30')).toBe(true);
    expect(sameSettingValue(undefined, 0)).toBe(false);
  });

  it('has a sound default catalogue: unique keys per device type, defaults that pass their own check', () => {
    const keys = SETTING_CATALOGUE.map((i) => `${i.deviceType}:${i.key}`);
    expect(new Set(keys).size).toBe(keys.length);
    for (const i of SETTING_CATALOGUE) {
      expect(i.key).toMatch(/^[A-Za-z0-9_]+$/);
      expect(i.decimals ?? 0).toBeLessThanOrEqual(3);
      const r = checkSettingValue({ key: i.key, nameZh: i.name.zh, nameEn: i.name.en, valueType: i.valueType, minValue: i.min ?? null, maxValue: i.max ?? null, decimals: i.decimals ?? null, valueOptions: i.options ?? null }, i.valueType === 'time' ? i.defaultValue : i.defaultValue);
      expect(r, i.key).not.toHaveProperty('problem');
    }
  });
});

describe('simulator command registry', () => {
  const ctx = () => ({ sn: 'SIM1', deviceType: 'inverter', state: {} as Record<string, unknown>, publish: async () => undefined });

  it('refuses an unknown method, writes and reads settings, stays silent or refuses on demand', async () => {
    simSettingsBehaviour.refuseRate = 0;
    simSettingsBehaviour.silentRate = 0;
    const c = ctx();
    expect(await dispatchCommand(c, 'noSuchMethod', {})).toEqual({ ok: false, reason: 'unknown method' });
    expect(replyBody({ ok: false, reason: 'unknown method' }, 1)).toMatchObject({ ok: false, error: 'unknown method' });
    expect(await dispatchCommand(c, 'settings.write', { items: { powerLimitPct: 70 } })).toEqual({ ok: true, result: { applied: { powerLimitPct: 70 } } });
    expect(await dispatchCommand(c, 'settings.read', { keys: ['powerLimitPct', 'socMin'] })).toEqual({ ok: true, result: { values: { powerLimitPct: 70 } } });
    c.state.silent = true;
    expect(await dispatchCommand(c, 'settings.write', { items: { socMin: 20 } })).toBeNull();
    c.state.silent = false;
    c.state.refuseWrites = 'busy';
    expect(await dispatchCommand(c, 'settings.write', { items: { socMin: 20 } })).toEqual({ ok: false, reason: 'busy' });
    expect(await dispatchCommand(c, 'ping', {})).toEqual({ ok: true, result: { pong: true } });
  });
});
