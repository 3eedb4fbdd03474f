/**
 * Sending one sweep request and reading what came back as text, whatever the format: JSON envelopes, Excel
 * workbooks (unzipped: their strings are compressed, so a byte search would find nothing) and file downloads (with
 * the headers that name the file).
 */
import JSZip from 'jszip';
import type { LightMyRequestResponse } from 'fastify';
import type { TestApp } from '../helper.js';

export interface Request {
  method: 'GET' | 'POST';
  url: string;
  query?: Record<string, string>;
  body?: unknown;
  /** A prepared multipart body (payload and content-type header). */
  multipart?: { payload: Buffer; headers: Record<string, string> };
}

export interface Answer {
  status: number;
  /** Decoded body plus the content-type and content-disposition headers. */
  text: string;
  success?: boolean;
  /** The answer with the request's own ids replaced by placeholders, for comparing two answers. */
  shape(ids: readonly string[]): string;
}

const TIME = /\d{4}-\d{2}-\d{2}[ T]\d{2}:\d{2}:\d{2}(\.\d+)?Z?/g;

export async function decode(res: LightMyRequestResponse): Promise<string> {
  const raw = res.rawPayload;
  const head = `${String(res.headers['content-type'] ?? '')} ${String(res.headers['content-disposition'] ?? '')}\n`;
  if (raw.length > 3 && raw[0] === 0x50 && raw[1] === 0x4b) {
    try {
      const zip = await JSZip.loadAsync(raw);
      const texts = await Promise.all(Object.values(zip.files).filter((f) => !f.dir).map((f) => f.async('string')));
      return head + texts.join('\n');
    } catch {
      // not a zip after all
    }
  }
  return head + raw.toString('utf8');
}

export function urlOf(r: Request): string {
  const q = new URLSearchParams(r.query ?? {}).toString();
  return q ? `${r.url}?${q}` : r.url;
}

export async function send(t: TestApp, headers: Record<string, string>, r: Request): Promise<Answer> {
  const res = await t.req({
    method: r.method,
    url: urlOf(r),
    headers: { ...headers, ...(r.multipart?.headers ?? {}) },
    ...(r.multipart ? { payload: r.multipart.payload } : r.body !== undefined ? { payload: r.body as object } : r.method === 'POST' ? { payload: {} } : {}),
  });
  const text = await decode(res);
  // A file answer (no envelope) succeeded when it is a 200.
  let success: boolean | undefined = res.statusCode === 200;
  try {
    success = (JSON.parse(res.body) as { success?: boolean }).success;
  } catch {
    // not JSON
  }
  return {
    status: res.statusCode,
    text,
    success,
    shape: (ids) => {
      let s = `${res.statusCode} ${text}`;
      for (const id of [...ids].sort((a, b) => b.length - a.length)) if (id) s = s.split(id).join('<target>');
      // Excel files carry their creation time; envelopes may carry "now".
      return s.replace(TIME, '<time>').replace(/<dcterms:(created|modified)[^<]*<\/dcterms:\1>/g, '');
    },
  };
}

/** The strings of `secrets` that occur in `text`. */
export function leaks(text: string, secrets: readonly string[]): string[] {
  return secrets.filter((s) => s && text.includes(s));
}
