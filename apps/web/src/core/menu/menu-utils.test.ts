import { describe, expect, it } from 'vitest';
import {
  collectButtonCodes,
  filterMenusByRoles,
  findActiveChain,
  findMenuByPath,
  menuTarget,
  opensInNewWindow,
  searchMenus,
} from './menu-utils';
import type { MenuItem } from './types';

const menus: MenuItem[] = [
  {
    id: '1',
    code: 'system',
    name: '系统管理',
    path: '/system',
    children: [
      { id: '11', code: 'user', name: '用户管理', path: '/system/user' },
      { id: '12', code: 'dept', name: '部门管理', path: '/system/dept', meta: { roles: ['administrator'] } },
      { id: '13', code: 'usage', name: 'User guide', path: 'https://example.com/guide.html', isOpen: 2 },
    ],
  },
  {
    id: '2',
    code: 'station',
    name: '电站设备',
    path: '/station',
    children: [{ id: '21', code: 'inverter', name: 'Inverters', path: '/inverter' }],
  },
  { id: '3', code: 'docs', name: 'Docs', path: 'http://docs.example.com' },
];

const english: Record<string, string> = { system: 'System', user: 'Users', dept: 'Departments', station: 'Stations' };
const title = (m: Pick<MenuItem, 'code' | 'name'>) => english[m.code] ?? m.name;

describe('menu search (spec §2)', () => {
  it('finds leaf items only, by name prefix, case-insensitively', () => {
    expect(searchMenus(menus, 'us', title).map((m) => m.id)).toEqual(['11', '13']);
    expect(searchMenus(menus, 'USER', title).map((m) => m.id)).toEqual(['11', '13']);
    expect(searchMenus(menus, 'inv', title).map((m) => m.id)).toEqual(['21']);
  });

  it('does not find parent groups or infix matches', () => {
    expect(searchMenus(menus, 'sys', title)).toEqual([]);
    expect(searchMenus(menus, 'ers', title)).toEqual([]);
  });

  it('matches the displayed (translated) name', () => {
    expect(searchMenus(menus, '用户', title)).toEqual([]);
    expect(searchMenus(menus, '用户', (m) => m.name).map((m) => m.id)).toEqual(['11']);
  });

  it('finds nothing for an empty or blank query', () => {
    expect(searchMenus(menus, '', title)).toEqual([]);
    expect(searchMenus(menus, '   ', title)).toEqual([]);
  });
});

describe('menu tree helpers', () => {
  it('hides items whose meta roles exclude every role of the user', () => {
    const visible = filterMenusByRoles(menus, ['agent']);
    expect(visible[0]!.children!.map((m) => m.id)).toEqual(['11', '13']);
    expect(filterMenusByRoles(menus, ['administrator'])[0]!.children!.map((m) => m.id)).toEqual(['11', '12', '13']);
  });

  it('sends external addresses through the iframe route with the entry fields as the query', () => {
    expect(menuTarget(menus[0]!.children![0]!)).toBe('/system/user');
    const target = menuTarget(menus[2]!);
    expect(target.startsWith('/myiframe/urlPath?')).toBe(true);
    const query = new URLSearchParams(target.split('?')[1]);
    expect(query.get('url')).toBe('http://docs.example.com');
    expect(query.get('name')).toBe('Docs');
    expect(query.get('code')).toBe('docs');
  });

  it('opens external items with open-mode 2 in a new window only', () => {
    expect(opensInNewWindow(menus[0]!.children![2]!)).toBe(true);
    expect(opensInNewWindow(menus[2]!)).toBe(false);
    expect(opensInNewWindow(menus[0]!.children![0]!)).toBe(false);
  });

  it('marks the active item by path, or by its group for paths below it', () => {
    expect(findActiveChain(menus, '/system/user').map((m) => m.id)).toEqual(['1', '11']);
    expect(findActiveChain(menus, '/system/user/detail/5').map((m) => m.id)).toEqual(['1', '11']);
    expect(findActiveChain(menus, '/nowhere')).toEqual([]);
    const iframe = menuTarget(menus[2]!);
    expect(findActiveChain(menus, '/myiframe/urlPath', iframe).map((m) => m.id)).toEqual(['3']);
  });

  it('finds a leaf by route path', () => {
    expect(findMenuByPath(menus, '/inverter')?.id).toBe('21');
    expect(findMenuByPath(menus, '/station')).toBeUndefined();
  });

  it('collects the code of every leaf of the buttons tree', () => {
    const codes = collectButtonCodes([
      { code: 'user', children: [{ code: 'user_add' }, { code: 'user_delete' }] },
      { code: 'notice', children: [{ code: 'notice_view', children: [] }] },
    ]);
    expect([...codes].sort()).toEqual(['notice_view', 'user_add', 'user_delete']);
    expect(collectButtonCodes(null).size).toBe(0);
  });
});
