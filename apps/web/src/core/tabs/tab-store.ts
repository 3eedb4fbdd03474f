import { create } from 'zustand';
import { STORAGE_KEYS, local } from '@/core/storage/storage';
import { FIRST_TAB, addTab, closeAllTabs, closeOtherTabs, closeTab, normalizeTabs } from './tab-rules';
import type { CloseResult, Tab } from './tab-rules';

interface TabState {
  tabs: Tab[];
  open(tab: Tab): void;
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
