import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { deptResource } from '@helio/contracts/modules/dept/dept.resource';
import { paramResource } from '@helio/contracts/modules/param/param.resource';
import { tenantPackageResource } from '@helio/contracts/modules/tenant/tenant.resource';
import { setLanguage } from '@/core/i18n/i18n';
import { grant, json, mockApi, page, renderPage } from '@/test/api-mock';
import type { Call } from '@/test/api-mock';
import { CrudPage } from './crud-page';

const ROWS = [
  { id: '11', paramName: '账号初始密码', paramKey: 'account.initPassword', paramValue: 'x', remark: '' },
  { id: '12', paramName: '注册开关', paramKey: 'account.registerUser', paramValue: 'true', remark: '' },
];
const ALL = ['param', 'param_add', 'param_edit', 'param_delete', 'param_view'];

// antd tables and dialogs are heavy in happy-dom on a busy machine.
configure({ asyncUtilTimeout: 8000 });
vi.setConfig({ testTimeout: 60_000 });

let calls: Call[];
const lists = () => calls.filter((c) => c.method === 'GET' && c.url.pathname === '/api/blade-system/param/list');

beforeEach(() => {
  setLanguage('zh-CN');
  calls = mockApi({
    'GET /api/blade-system/param/list': () => page(ROWS, 2),
    'GET /api/blade-system/param/detail': (c) => ROWS.find((r) => r.id === c.url.searchParams.get('id')),
    'POST /api/blade-system/param/submit': () => ({ id: '13' }),
    'POST /api/blade-system/param/remove': () => true,
  });
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

async function loaded() {
  await screen.findByText('账号初始密码');
}

function dialog() {
  return screen.getByRole('dialog');
}

describe('CrudPage', () => {
  it('lists with the default page size 10 and the sizes 10/30/50/100/200', async () => {
    grant(...ALL);
    renderPage(<CrudPage resource={paramResource} />);
    await loaded();
    const first = lists()[0]!;
    expect(first.url.searchParams.get('current')).toBe('1');
    expect(first.url.searchParams.get('size')).toBe('10');
    fireEvent.mouseDown(document.querySelector('.ant-pagination-options .ant-select-selector')!);
    for (const size of ['10', '30', '50', '100', '200']) expect((await screen.findAllByTitle(`${size} 条/页`)).length).toBeGreaterThan(0);
  });

  it('shows only the buttons the user holds codes for', async () => {
    grant('param');
    const view = renderPage(<CrudPage resource={paramResource} />);
    await loaded();
    expect(screen.queryByRole('button', { name: /新\s*增/ })).toBeNull();
    expect(screen.queryByRole('button', { name: /编\s*辑/ })).toBeNull();
    expect(screen.queryByRole('button', { name: /删\s*除/ })).toBeNull();
    view.unmount();

    grant('param', 'param_add', 'param_view');
    renderPage(<CrudPage resource={paramResource} />);
    await loaded();
    expect(screen.getByRole('button', { name: /新\s*增/ })).toBeTruthy();
    expect(screen.getAllByRole('button', { name: /查\s*看/ })).toHaveLength(2);
    expect(screen.queryByRole('button', { name: /编\s*辑/ })).toBeNull();
    expect(screen.queryByRole('button', { name: /删\s*除/ })).toBeNull();
  });

  it('batch delete with nothing selected warns and calls nothing', async () => {
    grant(...ALL);
    const { toasts } = renderPage(<CrudPage resource={paramResource} />);
    await loaded();
    const toolbarDelete = screen.getAllByRole('button', { name: /删\s*除/ })[0]!;
    fireEvent.click(toolbarDelete);
    expect(toasts.warning).toEqual(['请选择至少一条数据']);
    expect(calls.some((c) => c.url.pathname.endsWith('/remove'))).toBe(false);
  });

  it('checks the form with the server’s messages, saves, closes the dialog and reloads the list', async () => {
    grant(...ALL);
    const { toasts } = renderPage(<CrudPage resource={paramResource} />);
    await loaded();
    fireEvent.click(screen.getByRole('button', { name: /新\s*增/ }));
    const modal = await screen.findByRole('dialog');
    fireEvent.click(within(modal).getByRole('button', { name: /保\s*存/ }));
    expect(await within(modal).findByText('参数名称不能为空')).toBeTruthy();
    expect(within(modal).getByText('参数键名不能为空')).toBeTruthy();
    expect(within(modal).getByText('参数键值不能为空')).toBeTruthy();
    expect(calls.some((c) => c.url.pathname.endsWith('/submit'))).toBe(false);

    fireEvent.change(within(modal).getByLabelText('参数名称'), { target: { value: '新参数' } });
    fireEvent.change(within(modal).getByLabelText('参数键名'), { target: { value: 'a.b' } });
    fireEvent.change(within(modal).getByLabelText('参数键值'), { target: { value: 'v' } });
    const before = lists().length;
    fireEvent.click(within(modal).getByRole('button', { name: /保\s*存/ }));
    await waitFor(() => expect(toasts.success).toContain('操作成功!'));
    const submit = calls.find((c) => c.url.pathname === '/api/blade-system/param/submit')!;
    expect(submit.body).toMatchObject({ paramName: '新参数', paramKey: 'a.b', paramValue: 'v' });
    expect((submit.body as { id?: string }).id).toBeUndefined();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(lists().length).toBeGreaterThan(before));
  });

  it('edits the loaded detail and sends its id', async () => {
    grant(...ALL);
    renderPage(<CrudPage resource={paramResource} />);
    await loaded();
    fireEvent.click(screen.getAllByRole('button', { name: /编\s*辑/ })[0]!);
    const modal = await screen.findByRole('dialog');
    await waitFor(() => expect((within(modal).getByLabelText('参数键名') as HTMLInputElement).value).toBe('account.initPassword'));
    fireEvent.change(within(modal).getByLabelText('参数键值'), { target: { value: 'Changed-2026' } });
    fireEvent.click(within(modal).getByRole('button', { name: /保\s*存/ }));
    await waitFor(() => expect(calls.some((c) => c.url.pathname.endsWith('/submit'))).toBe(true));
    expect(calls.find((c) => c.url.pathname.endsWith('/submit'))!.body).toMatchObject({ id: '11', paramValue: 'Changed-2026' });
  });

  it('starts every opening of the dialog from its own values', async () => {
    grant(...ALL);
    renderPage(<CrudPage resource={paramResource} />);
    await loaded();
    fireEvent.click(screen.getByRole('button', { name: /新\s*增/ }));
    let modal = await screen.findByRole('dialog');
    fireEvent.change(within(modal).getByLabelText('参数名称'), { target: { value: 'typed, then cancelled' } });
    fireEvent.click(within(modal).getByRole('button', { name: /取\s*消/ }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    fireEvent.click(screen.getAllByRole('button', { name: /编\s*辑/ })[1]!);
    modal = await screen.findByRole('dialog');
    await waitFor(() => expect((within(modal).getByLabelText('参数名称') as HTMLInputElement).value).toBe('注册开关'));
    fireEvent.click(within(modal).getByRole('button', { name: /取\s*消/ }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    fireEvent.click(screen.getByRole('button', { name: /新\s*增/ }));
    modal = await screen.findByRole('dialog');
    expect((within(modal).getByLabelText('参数名称') as HTMLInputElement).value).toBe('');
  });

  it('after a failed save logs the error and leaves the form usable', async () => {
    grant(...ALL);
    mockApi({
      'GET /api/blade-system/param/list': () => page(ROWS, 2),
      'POST /api/blade-system/param/submit': () => json(400, { code: 400, success: false, msg: '参数键名已存在' }),
    });
    const errors = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const { toasts } = renderPage(<CrudPage resource={paramResource} />);
    await loaded();
    fireEvent.click(screen.getByRole('button', { name: /新\s*增/ }));
    const modal = await screen.findByRole('dialog');
    fireEvent.change(within(modal).getByLabelText('参数名称'), { target: { value: 'n' } });
    fireEvent.change(within(modal).getByLabelText('参数键名'), { target: { value: 'account.initPassword' } });
    fireEvent.change(within(modal).getByLabelText('参数键值'), { target: { value: 'v' } });
    fireEvent.click(within(modal).getByRole('button', { name: /保\s*存/ }));
    await waitFor(() => expect(errors).toHaveBeenCalled());
    expect(toasts.error).toContain('参数键名已存在');
    expect(screen.getByRole('dialog')).toBeTruthy();
    await waitFor(() => expect((within(dialog()).getByLabelText('参数名称') as HTMLInputElement).disabled).toBe(false));
    expect(within(dialog()).getByRole('button', { name: /保\s*存/ }).className).not.toContain('ant-btn-loading');
  });

  it('deletes after the confirmation and clears the selection', async () => {
    grant(...ALL);
    const { toasts } = renderPage(<CrudPage resource={paramResource} />);
    await loaded();
    const boxes = () => screen.getAllByRole('checkbox') as HTMLInputElement[];
    fireEvent.click(boxes()[1]!);
    fireEvent.click(boxes()[2]!);
    await waitFor(() => expect(boxes()[1]!.checked).toBe(true));
    fireEvent.click(screen.getAllByRole('button', { name: /删\s*除/ })[0]!);
    expect(await screen.findByText('确定将选择数据删除?')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: /确\s*定/ }));
    await waitFor(() => expect(toasts.success).toContain('操作成功!'));
    const remove = calls.find((c) => c.url.pathname === '/api/blade-system/param/remove')!;
    expect(remove.url.searchParams.get('ids')).toBe('11,12');
    await waitFor(() => expect(boxes().filter((b) => b.checked)).toHaveLength(0));
  });

  it('steps back a page when the current one comes back empty', async () => {
    grant(...ALL);
    calls = mockApi({
      'GET /api/blade-system/param/list': (c) => (c.url.searchParams.get('current') === '2' ? page([], 10) : page(ROWS, 11)),
    });
    renderPage(<CrudPage resource={paramResource} />);
    await loaded();
    fireEvent.click(screen.getByTitle('2'));
    await waitFor(() => expect(lists().some((c) => c.url.searchParams.get('current') === '2')).toBe(true));
    await waitFor(() => expect(lists().at(-1)!.url.searchParams.get('current')).toBe('1'));
  });

  it('renders a tree entity as an expandable tree without paging', async () => {
    grant('dept', 'dept_add');
    mockApi({
      'GET /api/blade-system/dept/list': () => [
        { id: '1', deptName: '总部', fullName: '总部', parentId: '0', deptCategory: 1, sort: 1, children: [{ id: '2', deptName: '研发部', fullName: '研发部', parentId: '1', deptCategory: 2, sort: 1 }] },
      ],
      'GET /api/blade-system/dept/tree': () => [],
    });
    renderPage(<CrudPage resource={deptResource} />);
    await screen.findAllByText('总部');
    expect(document.querySelector('.ant-table-row-expand-icon')).toBeTruthy();
    expect(document.querySelector('.ant-pagination')).toBeNull();
    expect(screen.getByRole('button', { name: /新增子项/ })).toBeTruthy();
  });

  it('tenant package: a 600-wide dialog that ignores outside clicks, with the spec’s messages', async () => {
    grant('tenant_package', 'tenant_package_add');
    mockApi({
      'GET /api/blade-system/tenant-package/list': () => page([]),
      'GET /api/blade-system/tenant-package/menu-tree': () => [{ id: '1', title: '系统管理', children: [{ id: '2', title: '用户管理' }] }],
    });
    renderPage(<CrudPage resource={tenantPackageResource} />);
    fireEvent.click(await screen.findByRole('button', { name: /新\s*增/ }));
    const modal = await screen.findByRole('dialog');
    const box = modal.closest('.ant-modal') as HTMLElement;
    expect(box.style.width).toBe('600px');
    fireEvent.click(document.querySelector('.ant-modal-wrap')!);
    expect(screen.getByRole('dialog')).toBeTruthy();
    const name = within(modal).getByLabelText('产品包名称');
    fireEvent.focus(name);
    fireEvent.blur(name);
    expect(await within(modal).findByText('请输入产品包名称')).toBeTruthy();
    fireEvent.click(within(modal).getByRole('button', { name: /保\s*存/ }));
    expect(await within(modal).findByText('请选择菜单')).toBeTruthy();
  });

  it('speaks English after a language switch', async () => {
    setLanguage('en-US');
    grant(...ALL);
    const { toasts } = renderPage(<CrudPage resource={paramResource} />);
    await loaded();
    expect(screen.getAllByText('Name').length).toBeGreaterThan(0);
    fireEvent.click(screen.getAllByRole('button', { name: /Delete/ })[0]!);
    expect(toasts.warning).toEqual(['Please select at least one record']);
    fireEvent.click(screen.getByRole('button', { name: /Add/ }));
    const modal = await screen.findByRole('dialog');
    fireEvent.click(within(modal).getByRole('button', { name: 'Save' }));
    expect(await within(modal).findByText('Name is required')).toBeTruthy();
  });
});
