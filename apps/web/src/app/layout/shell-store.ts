import { create } from 'zustand';

interface ShellState {
  /** Sidebar drawer on small screens. */
  drawerOpen: boolean;
  searchOpen: boolean;
  lockOpen: boolean;
  switchOpen: boolean;
  errorLogOpen: boolean;
  /** Top menu chosen in the top bar ('' = all menus). */
  topMenuId: string;
  set(partial: Partial<Omit<ShellState, 'set'>>): void;
}

/** Transient shell UI state (not persisted). */
export const useShellStore = create<ShellState>((set) => ({
  drawerOpen: false,
  searchOpen: false,
  lockOpen: false,
  switchOpen: false,
  errorLogOpen: false,
  topMenuId: '',
  set(partial) {
    set(partial);
  },
}));
