import { describe, expect, it } from 'vitest';
import { EMAIL_RULE, PASSWORD_RULE, PHONE_DIGITS, checkAvatar } from './validation';

describe('form rules (spec §5)', () => {
  it('password: 8–16 characters with letters and digits', () => {
    expect(PASSWORD_RULE.test('abcd1234')).toBe(true);
    expect(PASSWORD_RULE.test('Helio-Admin-2026')).toBe(true);
    expect(PASSWORD_RULE.test('abc1234')).toBe(false);
    expect(PASSWORD_RULE.test('abcdefgh')).toBe(false);
    expect(PASSWORD_RULE.test('12345678')).toBe(false);
    expect(PASSWORD_RULE.test('a1'.repeat(9))).toBe(false);
  });

  it('phone digits only; email format', () => {
    expect(PHONE_DIGITS.test('13800138000')).toBe(true);
    expect(PHONE_DIGITS.test('138-0013')).toBe(false);
    expect(EMAIL_RULE.test('a@b.co')).toBe(true);
    expect(EMAIL_RULE.test('a@b')).toBe(false);
  });

  it('avatar: jpg or png, at most 500 kB, checked before upload', () => {
    expect(checkAvatar({ type: 'image/png', size: 500 * 1024 })).toBeNull();
    expect(checkAvatar({ type: 'image/jpeg', size: 1 })).toBeNull();
    expect(checkAvatar({ type: 'image/gif', size: 1 })).toBe('type');
    expect(checkAvatar({ type: 'image/png', size: 500 * 1024 + 1 })).toBe('size');
  });
});
