/**
 * The upload limits the server enforces (apps/server/src/modules/resource/upload.ts), checked in the browser first
 * so a user hears at once what is wrong. The server decides by content; these checks go by name and size only.
 */
export const MAX_ATTACHMENTS = 3;
export const MAX_ATTACHMENT_BYTES = 10 * 1024 * 1024;
export const ATTACHMENT_EXTENSIONS = ['jpg', 'jpeg', 'png', 'gif', 'webp', 'bmp', 'pdf', 'doc', 'docx', 'xls', 'xlsx', 'ppt', 'pptx', 'zip', 'txt', 'csv'];
export const ATTACHMENT_ACCEPT = ATTACHMENT_EXTENSIONS.map((e) => `.${e}`).join(',');

export type AttachmentProblem = { key: 'tooMany'; max: number } | { key: 'tooLarge'; name: string } | { key: 'type'; name: string } | { key: 'empty'; name: string } | { key: 'none' };

const extension = (name: string) => /\.([A-Za-z0-9]{1,8})$/.exec(name)?.[1]?.toLowerCase() ?? '';

/** The first problem of a set of files to attach, or null. */
export function checkAttachments(files: readonly { name: string; size: number }[]): AttachmentProblem | null {
  if (files.length === 0) return { key: 'none' };
  if (files.length > MAX_ATTACHMENTS) return { key: 'tooMany', max: MAX_ATTACHMENTS };
  for (const f of files) {
    if (!ATTACHMENT_EXTENSIONS.includes(extension(f.name))) return { key: 'type', name: f.name };
    if (f.size === 0) return { key: 'empty', name: f.name };
    if (f.size > MAX_ATTACHMENT_BYTES) return { key: 'tooLarge', name: f.name };
  }
  return null;
}

/** 1536 → "1.5 kB"; bytes, kB, MB, GB with one decimal. */
export function formatBytes(value: unknown): string {
  const n = Number(value);
  if (!Number.isFinite(n) || n < 0 || value === '' || value === null || value === undefined) return '-';
  if (n < 1024) return `${n} B`;
  const units = ['kB', 'MB', 'GB'];
  let v = n / 1024;
  let i = 0;
  while (v >= 1024 && i < units.length - 1) {
    v /= 1024;
    i++;
  }
  return `${Math.round(v * 10) / 10} ${units[i]}`;
}
