import { describe, expect, it } from 'vitest';
import type { MenuItem } from '@/core/menu/types';
import type { PageEntry } from '@/core/feature';
import { resolveContent } from './resolve-content';

const page = {} as PageEntry['page'];
const registry: PageEntry[] = [
  { path: '/wel/index', page, always: true },
  { path: '/system/user', page },
  { path: '/system/dept', page },
];
const resolve = (pathname: string) => registry.find((e) => e.path === pathname);

const menus: MenuItem[] = [
  {
    id: '1',
    code: 'system',
    name: 'System',
    path: '/system',
    children: [
      { id: '11', code: 'user', name: 'Users', path: '/system/user' },
      { id: '12', code: 'param', name: 'Parameters', path: '/system/param' },
    ],
  },
];

describe('content resolution', () => {
  it('opens pages every signed-in user has', () => {
    expect(resolveContent('/wel/index', '/wel/index', [], resolve).kind).toBe('page');
  });

  it('opens a menu page that is built', () => {
    const content = resolveContent('/system/user', '/system/user', menus, resolve);
    expect(content).toMatchObject({ kind: 'page', menu: { id: '11' } });
  });

  it('shows "not built yet" for a menu path without a page, never a blank screen', () => {
    expect(resolveContent('/system/param', '/system/param', menus, resolve)).toMatchObject({
      kind: 'not-built',
      menu: { code: 'param' },
    });
  });

  it('treats a path below a menu leaf as part of it', () => {
    expect(resolveContent('/system/param/detail/1', '/system/param/detail/1', menus, resolve).kind).toBe('not-built');
  });

  it('forbids a console page the menu does not grant', () => {
    expect(resolveContent('/system/dept', '/system/dept', menus, resolve).kind).toBe('forbidden');
    expect(resolveContent('/epc/order', '/epc/order', menus, resolve).kind).toBe('forbidden');
  });

  it('sends unknown paths to 404, including unknown paths under a menu group', () => {
    expect(resolveContent('/nope', '/nope', menus, resolve).kind).toBe('not-found');
    expect(resolveContent('/system/nope', '/system/nope', menus, resolve).kind).toBe('not-found');
  });
});
