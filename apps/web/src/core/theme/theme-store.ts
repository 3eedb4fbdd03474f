import { create } from 'zustand';
import { WEBSITE } from '@/core/config';
import { STORAGE_KEYS, local } from '@/core/storage/storage';
import { isThemeName } from './themes';
import type { ThemeName } from './themes';

const HEX = /^#[0-9a-f]{6}$/i;

interface ThemeState {
  theme: ThemeName;
  color: string;
  /** Sidebar collapsed (desktop). */
  collapsed: boolean;
  setTheme(theme: ThemeName): void;
  setColor(color: string): void;
  setCollapsed(collapsed: boolean): void;
}

function initialTheme(): ThemeName {
  const value = local.get<string>(STORAGE_KEYS.theme, WEBSITE.defaultTheme);
  return isThemeName(value) ? value : 'default';
}

function initialColor(): string {
  const value = local.get<string>(STORAGE_KEYS.color, WEBSITE.defaultColor);
  return HEX.test(value) ? value : WEBSITE.defaultColor;
}

/** Theme, primary colour and sidebar state; persisted in localStorage. */
export const useThemeStore = create<ThemeState>((set) => ({
  theme: initialTheme(),
  color: initialColor(),
  collapsed: local.get<boolean>(STORAGE_KEYS.collapse, false),
  setTheme(theme) {
    local.set(STORAGE_KEYS.theme, theme);
    set({ theme });
  },
  setColor(color) {
    if (!HEX.test(color)) return;
    local.set(STORAGE_KEYS.color, color);
    set({ color });
  },
  setCollapsed(collapsed) {
    local.set(STORAGE_KEYS.collapse, collapsed);
    set({ collapsed });
  },
}));
