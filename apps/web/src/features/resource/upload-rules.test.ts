import { describe, expect, it } from 'vitest';
import { MAX_ATTACHMENT_BYTES, checkAttachments, formatBytes } from './upload-rules';

const file = (name: string, size = 100) => ({ name, size });

describe('attachment upload rules (as the server: 3 files of 10 MB, known types)', () => {
  it('accepts up to three files of the allowed types', () => {
    expect(checkAttachments([file('a.PDF'), file('b.xlsx'), file('c.csv')])).toBeNull();
  });

  it('asks for a file, refuses a fourth one, a large one, an empty one and an unknown type', () => {
    expect(checkAttachments([])).toEqual({ key: 'none' });
    expect(checkAttachments([file('a.png'), file('b.png'), file('c.png'), file('d.png')])).toEqual({ key: 'tooMany', max: 3 });
    expect(checkAttachments([file('big.zip', MAX_ATTACHMENT_BYTES + 1)])).toEqual({ key: 'tooLarge', name: 'big.zip' });
    expect(checkAttachments([file('empty.txt', 0)])).toEqual({ key: 'empty', name: 'empty.txt' });
    expect(checkAttachments([file('run.exe')])).toEqual({ key: 'type', name: 'run.exe' });
    expect(checkAttachments([file('noextension')])).toEqual({ key: 'type', name: 'noextension' });
    expect(checkAttachments([file('page.html')])).toEqual({ key: 'type', name: 'page.html' });
  });

  it('formats sizes', () => {
    expect(formatBytes(512)).toBe('512 B');
    expect(formatBytes(1536)).toBe('1.5 kB');
    expect(formatBytes(10 * 1024 * 1024)).toBe('10 MB');
    expect(formatBytes('')).toBe('-');
    expect(formatBytes(undefined)).toBe('-');
  });
});
