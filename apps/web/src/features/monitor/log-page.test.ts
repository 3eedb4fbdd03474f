import dayjs from 'dayjs';
import { describe, expect, it } from 'vitest';
import { pretty, rangeParams } from './log-page';

describe('log list helpers', () => {
  it('turn the time range into the allow-listed createTime filters', () => {
    expect(rangeParams(null)).toEqual({ createTime_datege: undefined, createTime_datele: undefined });
    expect(rangeParams([dayjs('2026-03-01 08:00:00'), null])).toEqual({ createTime_datege: '2026-03-01 08:00:00', createTime_datele: undefined });
  });

  it('pretty-print JSON parameters and leave other text alone', () => {
    expect(pretty('{"account":"admin","password":"******"}')).toBe('{\n  "account": "admin",\n  "password": "******"\n}');
    expect(pretty('id=1&x=2')).toBe('id=1&x=2');
    expect(pretty('{broken')).toBe('{broken');
    expect(pretty(null)).toBe('');
  });
});
