/**
 * Optimistic locking in the CRUD screen: an edit sends back the version it was loaded at; a stale save (409) is
 * shown once, with the server's message, and "Reload" brings the record as saved now into the form.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { paramResource } from '@helio/contracts/modules/param/param.resource';
import { setLanguage } from '@/core/i18n/i18n';
import { grant, json, mockApi, page, renderPage } from '@/test/api-mock';
import type { Call } from '@/test/api-mock';
import { CrudPage } from './crud-page';

configure({ asyncUtilTimeout: 8000 });
vi.setConfig({ testTimeout: 60_000 });

const CONFLICT = '数据已被他人修改,请刷新后重试';
let stored: { id: string; paramName: string; paramKey: string; paramValue: string; remark: string; version: number };
let calls: Call[];
const submits = () => calls.filter((c) => c.url.pathname === '/api/blade-system/param/submit');

beforeEach(() => {
  setLanguage('zh-CN');
  grant('param', 'param_add', 'param_edit', 'param_delete', 'param_view');
  stored = { id: '11', paramName: '站点名称', paramKey: 'site.name', paramValue: 'Helio', remark: '', version: 3 };
  calls = mockApi({
    'GET /api/blade-system/param/list': () => page([stored], 1),
    'GET /api/blade-system/param/detail': () => ({ ...stored }),
    'POST /api/blade-system/param/submit': (c) => {
      const body = c.body as { version?: number; paramValue?: string };
      if (body.version !== stored.version) return json(409, { code: 409, success: false, data: {}, msg: CONFLICT });
      stored = { ...stored, paramValue: String(body.paramValue), version: stored.version + 1 };
      return true;
    },
  });
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

async function openEdit() {
  fireEvent.click((await screen.findAllByRole('button', { name: /编\s*辑/ }))[0]!);
  const modal = await screen.findByRole('dialog');
  await waitFor(() => expect((within(modal).getByLabelText('参数键值') as HTMLInputElement).value).toBe(stored.paramValue));
  return modal;
}

describe('CrudPage and concurrent edits', () => {
  it('sends the version the record was loaded at', async () => {
    renderPage(<CrudPage resource={paramResource} />);
    const modal = await openEdit();
    fireEvent.change(within(modal).getByLabelText('参数键值'), { target: { value: 'Mine' } });
    fireEvent.click(within(modal).getByRole('button', { name: /保\s*存/ }));
    await waitFor(() => expect(submits()).toHaveLength(1));
    expect(submits()[0]!.body).toMatchObject({ id: '11', version: 3, paramValue: 'Mine' });
  });

  it('shows a stale save once, with the server’s message, and reloads the saved record on request', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const { toasts } = renderPage(<CrudPage resource={paramResource} />);
    const modal = await openEdit();
    // Someone else saves in between.
    stored = { ...stored, paramValue: 'Theirs', version: 4 };
    fireEvent.change(within(modal).getByLabelText('参数键值'), { target: { value: 'Mine' } });
    fireEvent.click(within(modal).getByRole('button', { name: /保\s*存/ }));
    expect(await screen.findByText(CONFLICT)).toBeTruthy();
    expect(screen.getAllByText('数据已被他人修改').length).toBeGreaterThan(0);
    expect(toasts.error).toEqual([]);
    expect(stored.paramValue).toBe('Theirs');

    fireEvent.click(screen.getByRole('button', { name: /重新加载/ }));
    await waitFor(() => expect((within(screen.getByRole('dialog', { name: /编\s*辑/ })).getByLabelText('参数键值') as HTMLInputElement).value).toBe('Theirs'));
    const form = screen.getByRole('dialog', { name: /编\s*辑/ });
    fireEvent.change(within(form).getByLabelText('参数键值'), { target: { value: 'Mine again' } });
    fireEvent.click(within(form).getByRole('button', { name: /保\s*存/ }));
    await waitFor(() => expect(toasts.success).toContain('操作成功!'));
    expect(submits().at(-1)!.body).toMatchObject({ version: 4, paramValue: 'Mine again' });
    expect(stored).toMatchObject({ paramValue: 'Mine again', version: 5 });
  });
});
