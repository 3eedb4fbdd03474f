import { create } from 'zustand';
import { STORAGE_KEYS, local } from '@/core/storage/storage';
import { FIRST_TAB, addTab, closeAllTabs, closeOtherTabs, closeTab, normalizeTabs, replaceTab } from './tab-rules';
import type { CloseResult, Tab } from './tab-rules';

interface TabState {
  tabs: Tab[];
  open(tab: Tab): void;
  /** The tab of `fromPath` takes `tab`'s address in place (a page that replaced its own address). */
  replace(fromPath: string, tab: Tab): void;
  close(path: string, activePath: string): CloseResult;
  closeOthers(keepPath: string): CloseResult;
  closeAll(): CloseResult;
  reset(): void;
}

function persist(tabs: Tab[]): Tab[] {
  local.set(STORAGE_KEYS.tabs, tabs);
  return tabs;
}

/** Open tabs, persisted in localStorage so they survive a reload. */
export const useTabStore = create<TabState>((set, get) => ({
  tabs: normalizeTabs(local.get<Tab[]>(STORAGE_KEYS.tabs, [FIRST_TAB])),
  open(tab) {
    const next = addTab(get().tabs, tab);
    set({ tabs: persist(next) });
  },
  replace(fromPath, tab) {
    set({ tabs: persist(replaceTab(get().tabs, fromPath, tab)) });
  },
  close(path, activePath) {
    const result = closeTab(get().tabs, path, activePath);
    set({ tabs: persist(result.tabs) });
    return result;
  },
  closeOthers(keepPath) {
    const result = closeOtherTabs(get().tabs, keepPath);
    set({ tabs: persist(result.tabs) });
    return result;
  },
  closeAll() {
    const result = closeAllTabs(get().tabs);
    set({ tabs: persist(result.tabs) });
    return result;
  },
  reset() {
    local.remove(STORAGE_KEYS.tabs);
    set({ tabs: [FIRST_TAB] });
  },
}));
