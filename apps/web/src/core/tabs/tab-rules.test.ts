import { describe, expect, it } from 'vitest';
import { FIRST_TAB, addTab, closeAllTabs, closeOtherTabs, closeTab, normalizeTabs, replaceTab } from './tab-rules';
import type { Tab } from './tab-rules';

const tab = (path: string): Tab => ({ path, title: { name: path }, closable: true });
const paths = (tabs: Tab[]) => tabs.map((t) => t.path);

describe('tab rules', () => {
  it('always keeps the home tab first and unclosable', () => {
    const tabs = normalizeTabs([tab('/a'), { ...FIRST_TAB, closable: true }, tab('/b')]);
    expect(paths(tabs)).toEqual(['/wel/index', '/a', '/b']);
    expect(tabs[0]!.closable).toBe(false);
    expect(paths(normalizeTabs([]))).toEqual(['/wel/index']);
  });

  it('adds a tab once, keeping its place and taking the newer title', () => {
    let tabs = addTab([FIRST_TAB], tab('/a'));
    tabs = addTab(tabs, tab('/b'));
    tabs = addTab(tabs, { ...tab('/a'), title: { name: 'renamed' } });
    expect(paths(tabs)).toEqual(['/wel/index', '/a', '/b']);
    expect(tabs[1]!.title.name).toBe('renamed');
  });

  it('cannot close the first tab', () => {
    const tabs = [FIRST_TAB, tab('/a')];
    expect(paths(closeTab(tabs, '/wel/index', '/wel/index').tabs)).toEqual(['/wel/index', '/a']);
  });

  it('closing the active tab opens its right neighbour, else its left one', () => {
    const tabs = [FIRST_TAB, tab('/a'), tab('/b'), tab('/c')];
    expect(closeTab(tabs, '/b', '/b')).toEqual({ tabs: [FIRST_TAB, tab('/a'), tab('/c')], navigateTo: '/c' });
    expect(closeTab(tabs, '/c', '/c').navigateTo).toBe('/b');
    expect(closeTab([FIRST_TAB, tab('/a')], '/a', '/a').navigateTo).toBe('/wel/index');
  });

  it('closing another tab stays on the active one', () => {
    const result = closeTab([FIRST_TAB, tab('/a'), tab('/b')], '/a', '/b');
    expect(paths(result.tabs)).toEqual(['/wel/index', '/b']);
    expect(result.navigateTo).toBeUndefined();
  });

  it('close others keeps the first tab and the chosen one', () => {
    const tabs = [FIRST_TAB, tab('/a'), tab('/b'), tab('/c')];
    expect(paths(closeOtherTabs(tabs, '/b').tabs)).toEqual(['/wel/index', '/b']);
    expect(paths(closeOtherTabs(tabs, '/wel/index').tabs)).toEqual(['/wel/index']);
  });

  it('close all keeps only the first tab and opens it', () => {
    expect(closeAllTabs([FIRST_TAB, tab('/a'), tab('/b')])).toEqual({ tabs: [FIRST_TAB], navigateTo: '/wel/index' });
  });
});

describe('replaceTab', () => {
  const t = (path: string): Tab => ({ path, title: { key: path }, closable: true });
  it('a page that replaced its own address keeps its place under the new one', () => {
    const tabs = [FIRST_TAB, t('/a'), t('/flow/model/design'), t('/b')];
    expect(replaceTab(tabs, '/flow/model/design', t('/flow/model/design?id=7')).map((x) => x.path)).toEqual([FIRST_TAB.path, '/a', '/flow/model/design?id=7', '/b']);
  });
  it('opens as usual when the old address has no tab, is the first tab, or the new one is open already', () => {
    expect(replaceTab([FIRST_TAB, t('/a')], '/gone', t('/c')).map((x) => x.path)).toEqual([FIRST_TAB.path, '/a', '/c']);
    expect(replaceTab([FIRST_TAB, t('/a')], FIRST_TAB.path, t('/c')).map((x) => x.path)).toEqual([FIRST_TAB.path, '/a', '/c']);
    expect(replaceTab([FIRST_TAB, t('/a'), t('/c')], '/a', t('/c')).map((x) => x.path)).toEqual([FIRST_TAB.path, '/a', '/c']);
  });
});
