/**
 * File downloads (Excel templates and exports): the same headers as the HTTP client (token, client, language),
 * the answer saved under the server's file name. A JSON answer instead of a file is an error: its message is shown.
 */
import { WEBSITE } from '@/core/config';
import { getAccessToken } from '@/core/auth/token-storage';
import { i18n } from '@/core/i18n/i18n';
import { toast } from '@/core/notify';
import { bodyMessage, buildQuery } from './request';
import { HttpError } from './types';
import type { QueryParams } from './types';

/** `attachment; filename*=UTF-8''%E7%94%A8.xlsx` or `filename="a.xlsx"` → the name. */
export function fileNameOf(disposition: string | null, fallback: string): string {
  if (!disposition) return fallback;
  const star = /filename\*\s*=\s*(?:UTF-8'')?([^;]+)/i.exec(disposition);
  if (star?.[1]) {
    try {
      return decodeURIComponent(star[1].trim().replace(/^"|"$/g, ''));
    } catch {
      // fall through to the plain name
    }
  }
  const plain = /filename\s*=\s*"?([^";]+)"?/i.exec(disposition);
  return plain?.[1]?.trim() || fallback;
}

export async function downloadFile(url: string, params: QueryParams | undefined, fallbackName: string): Promise<void> {
  const headers: Record<string, string> = {
    Authorization: `Basic ${btoa(`${WEBSITE.clientId}:${WEBSITE.clientSecret}`)}`,
    'Accept-Language': i18n.language || WEBSITE.defaultLanguage,
  };
  const token = getAccessToken();
  if (token) headers[WEBSITE.tokenHeader] = `bearer ${token}`;
  let response: Response;
  try {
    response = await window.fetch(`${url}${buildQuery(params)}`, { headers, credentials: 'same-origin' });
  } catch {
    const message = i18n.t('common.http.networkError');
    toast.error(message);
    throw new HttpError('network', message);
  }
  const type = response.headers.get('content-type') ?? '';
  if (!response.ok || type.includes('application/json')) {
    let body: unknown;
    try {
      body = await response.json();
    } catch {
      body = undefined;
    }
    const message = bodyMessage(body) ?? i18n.t('common.http.unknownError');
    toast.error(message);
    throw new HttpError('http', message, response.status, response.status, body);
  }
  const blob = await response.blob();
  const link = document.createElement('a');
  const href = URL.createObjectURL(blob);
  link.href = href;
  link.download = fileNameOf(response.headers.get('content-disposition'), fallbackName);
  document.body.appendChild(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(href), 1000);
}
