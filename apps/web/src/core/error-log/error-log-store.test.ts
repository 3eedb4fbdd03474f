import { beforeEach, describe, expect, it } from 'vitest';
import { ERROR_LOG_LIMITS, errorEntry, formatDateTime, uploadBatches, useErrorLogStore } from './error-log-store';

describe('local error log', () => {
  beforeEach(() => useErrorLogStore.getState().clear());

  it('stores entries with url, time, type, message, stack and info, newest first, and persists them', () => {
    useErrorLogStore.getState().add(errorEntry(new Error('first'), 'info-1'));
    useErrorLogStore.getState().add(errorEntry('second'));
    const logs = useErrorLogStore.getState().logs;
    expect(logs.map((l) => l.message)).toEqual(['second', 'first']);
    expect(logs[1]).toMatchObject({ type: 'error', info: 'info-1' });
    expect(logs[1]!.stack).toContain('first');
    expect(logs[1]!.time).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    expect(JSON.parse(localStorage.getItem('helio-error-logs')!)).toHaveLength(2);
  });

  it('clears', () => {
    useErrorLogStore.getState().add(errorEntry(new Error('x')));
    useErrorLogStore.getState().clear();
    expect(useErrorLogStore.getState().logs).toEqual([]);
    expect(localStorage.getItem('helio-error-logs')).toBeNull();
  });

  it('keeps fields within the server limits and uploads in batches of 100', () => {
    const entry = errorEntry(new Error('m'.repeat(5000)), 'i'.repeat(3000));
    expect(entry.message).toHaveLength(ERROR_LOG_LIMITS.message);
    expect(entry.info).toHaveLength(ERROR_LOG_LIMITS.info);
    const logs = Array.from({ length: 201 }, () => entry);
    expect(uploadBatches(logs).map((b) => b.length)).toEqual([100, 100, 1]);
  });

  it('formats times as yyyy-MM-dd HH:mm:ss', () => {
    expect(formatDateTime(new Date(2026, 0, 2, 3, 4, 5))).toBe('2026-01-02 03:04:05');
  });
});
