import { describe, expect, it } from 'vitest';
import { contentDisposition } from './download.js';
import { classify, cleanOriginalName, UPLOAD_RULES } from './upload.js';

describe('original names are data', () => {
  it.each([
    ['../../etc/passwd', 'passwd'],
    ['..\\..\\windows\\win.ini', 'win.ini'],
    ['C:\\Users\\me\\photo.jpg', 'photo.jpg'],
    ['sneaky\u0000.php.png', 'sneaky.php.png'],
    ['line\r\nbreak.txt', 'linebreak.txt'],
    ['\u202egnp.exe', 'gnp.exe'],
    ['...hidden', 'hidden'],
    ['/', 'file'],
    ['', 'file'],
  ])('%j → %j', (raw, clean) => expect(cleanOriginalName(raw)).toBe(clean));

  it('keeps at most 200 characters', () => expect([...cleanOriginalName('名'.repeat(300))]).toHaveLength(200));
});

describe('content-disposition', () => {
  it('cannot be broken by quotes, semicolons or line breaks', () => {
    const v = contentDisposition('a";\r\nSet-Cookie: x=1;.pdf');
    expect(v).not.toMatch(/[\r\n]/);
    expect(v.startsWith('attachment; filename="a__Set-Cookie: x=1_.pdf"; filename*=UTF-8\'\'')).toBe(true);
    expect(v).toContain("filename*=UTF-8''a%22%3BSet-Cookie%3A%20x%3D1%3B.pdf");
  });
});

describe('classify', () => {
  it('decides by content; the name only picks among container formats', async () => {
    const png = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');
    await expect(classify('x.jpg', png, UPLOAD_RULES.avatar)).resolves.toEqual({ ext: 'png', mime: 'image/png' });
    await expect(classify('x.png', Buffer.from('GIF89a....'), UPLOAD_RULES.avatar)).rejects.toMatchObject({ key: 'fileTypeNotAllowed' });
    await expect(classify('x.txt', Buffer.from('hello, 世界'), UPLOAD_RULES.attachment)).resolves.toMatchObject({ ext: 'txt' });
    await expect(classify('x.csv', Buffer.from([0xc3, 0x28]), UPLOAD_RULES.attachment)).rejects.toMatchObject({ key: 'fileTypeNotAllowed' });
    await expect(classify('x.svg', Buffer.from('<svg onload="alert(1)"/>'), UPLOAD_RULES.attachment)).rejects.toMatchObject({ key: 'fileTypeNotAllowed' });
    await expect(classify('fw.bin', Buffer.alloc(10, 1), UPLOAD_RULES.ota)).resolves.toEqual({ ext: 'bin', mime: 'application/octet-stream' });
    await expect(classify('fw.bin', png, UPLOAD_RULES.ota)).rejects.toMatchObject({ key: 'fileTypeNotAllowed' });
    // A raw firmware image whose first bytes happen to be a known format's (here an ELF header) is still an image.
    const elf = Buffer.concat([Buffer.from([0x7f, 0x45, 0x4c, 0x46, 2, 1, 1, 0]), Buffer.alloc(56, 0), Buffer.alloc(512, 7)]);
    await expect(classify('fw.bin', elf, UPLOAD_RULES.ota)).resolves.toEqual({ ext: 'bin', mime: 'application/octet-stream' });
    await expect(classify('fw.exe', elf, UPLOAD_RULES.ota)).rejects.toMatchObject({ key: 'fileTypeNotAllowed' });
    await expect(classify('manual.bin', Buffer.from('%PDF-1.7\n%âãÏÓ\n1 0 obj\n<<>>\nendobj\n'), UPLOAD_RULES.ota)).rejects.toMatchObject({ key: 'fileTypeNotAllowed' });
    await expect(classify('empty.txt', Buffer.alloc(0), UPLOAD_RULES.attachment)).rejects.toMatchObject({ key: 'fileTypeNotAllowed' });
  });
});
