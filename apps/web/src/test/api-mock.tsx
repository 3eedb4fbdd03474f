/**
 * Test harness for pages on the shell's data layer: the app providers, a fresh react-query client, the
 * permission codes of the user, and `fetch` mocked at the HTTP boundary only (handlers by method + path).
 */
import type { ReactElement } from 'react';
import { ConfigProvider } from 'antd';
import { render } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { vi } from 'vitest';
import { Providers } from '@/core/providers';
import { setToastApi } from '@/core/notify';
import { usePermissionStore } from '@/core/permission/permission-store';

export interface Call {
  method: string;
  url: URL;
  body: unknown;
}

export type Handler = (call: Call) => unknown | Response | undefined;

export function json(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

export const ok = (data: unknown) => json(200, { code: 200, success: true, data, msg: 'ok' });

export const page = (records: unknown[], total = records.length) => ok({ records, total, size: 10, current: 1, pages: 1 });

/** Route table: `'GET /api/x'` → handler; unknown calls answer 404. Returns the recorded calls. */
export function mockApi(routes: Record<string, Handler>): Call[] {
  const calls: Call[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string, init: RequestInit = {}) => {
      const url = new URL(input, 'http://localhost');
      const method = (init.method ?? 'GET').toUpperCase();
      let body: unknown = init.body;
      if (typeof body === 'string') {
        try {
          body = JSON.parse(body);
        } catch {
          // form body
        }
      }
      const call = { method, url, body };
      calls.push(call);
      const handler = routes[`${method} ${url.pathname}`];
      const answer = handler?.(call);
      if (answer instanceof Response) return answer;
      if (answer !== undefined) return ok(answer);
      if (url.pathname.endsWith('/dictionary')) return ok([]);
      return json(404, { code: 404, success: false, msg: `no mock for ${method} ${url.pathname}` });
    }),
  );
  return calls;
}

export interface Toasts {
  success: string[];
  error: string[];
  warning: string[];
  info: string[];
}

export function captureToasts(): Toasts {
  const toasts: Toasts = { success: [], error: [], warning: [], info: [] };
  setToastApi({
    success: (t) => toasts.success.push(t),
    error: (t) => toasts.error.push(t),
    warning: (t) => toasts.warning.push(t),
    info: (t) => toasts.info.push(t),
  });
  return toasts;
}

export function grant(...codes: string[]): void {
  usePermissionStore.getState().setCodes(new Set(codes));
}

export function renderPage(ui: ReactElement) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: 0 }, mutations: { retry: false } } });
  const result = render(
    <QueryClientProvider client={client}>
      <Providers>
        {/* No animations: closed dialogs leave the DOM at once. */}
        <ConfigProvider theme={{ token: { motion: false } }}>{ui}</ConfigProvider>
      </Providers>
    </QueryClientProvider>,
  );
  // After the providers mounted (they register antd's toasts): record the toasts instead.
  const toasts = captureToasts();
  return { ...result, client, toasts };
}
