import { readableOn, readablePrimary } from './contrast';

/** The console's visual themes (spec §9). Each sets antd's algorithm and tokens plus the shell's own colours. */
export const THEME_NAMES = [
  'default',
  'white',
  'dark',
  'colourful',
  'smart',
  'iview',
  'vip',
  'cool',
  'd2',
  'hey',
  'lte',
] as const;
export type ThemeName = (typeof THEME_NAMES)[number];

export function isThemeName(value: unknown): value is ThemeName {
  return typeof value === 'string' && (THEME_NAMES as readonly string[]).includes(value);
}

/**
 * The primary colours the colour picker offers: antd's palette (blue, cyan, green, gold, volcano, red, magenta,
 * purple, geek blue) in the shade that reads at AA with white words on it and on white — a colour that cannot meet AA
 * for text is not offered as it is.
 */
export const COLOR_PRESETS: readonly string[] = [
  ...new Set(['#1668DC', '#1677FF', '#13C2C2', '#52C41A', '#FAAD14', '#FA541C', '#F5222D', '#EB2F96', '#722ED1', '#2F54EB'].map((c) => readablePrimary(c))),
];

/** Colours of the shell for one theme and primary colour. */
export interface ThemeLook {
  name: ThemeName;
  /** antd dark algorithm for the whole app. */
  dark: boolean;
  /** antd compact algorithm. */
  compact: boolean;
  borderRadius: number;
  /** Menu `theme` prop: text contrast of the sidebar. */
  menuTheme: 'dark' | 'light';
  vars: {
    headerBg: string;
    headerText: string;
    headerBorder: string;
    siderBg: string;
    siderText: string;
    siderActiveBg: string;
    siderActiveText: string;
    siderSubBg: string;
    siderHoverText: string;
    siderActiveBar: string;
    logoBg: string;
    logoText: string;
    contentBg: string;
    tabsBg: string;
    tabActiveBg: string;
    tabActiveText: string;
    fontFamily?: string;
  };
  /** Two colours drawn in the theme chooser. */
  swatch: [string, string];
}

/** `#rrggbb` + alpha → `rgba()`. */
export function alpha(hex: string, a: number): string {
  const m = /^#?([0-9a-f]{6})$/i.exec(hex.trim());
  if (!m) return hex;
  const n = Number.parseInt(m[1]!, 16);
  return `rgba(${(n >> 16) & 255}, ${(n >> 8) & 255}, ${n & 255}, ${a})`;
}

/** Darken a `#rrggbb` colour by a factor (0–1). */
export function shade(hex: string, factor: number): string {
  const m = /^#?([0-9a-f]{6})$/i.exec(hex.trim());
  if (!m) return hex;
  const n = Number.parseInt(m[1]!, 16);
  const c = (v: number) =>
    Math.max(0, Math.min(255, Math.round(v * (1 - factor))))
      .toString(16)
      .padStart(2, '0');
  return `#${c((n >> 16) & 255)}${c((n >> 8) & 255)}${c(n & 255)}`;
}

type Vars = ThemeLook['vars'];
type Def = Omit<ThemeLook, 'name' | 'vars' | 'dark' | 'compact' | 'borderRadius' | 'menuTheme'> &
  Partial<Pick<ThemeLook, 'dark' | 'compact' | 'borderRadius' | 'menuTheme'>> & { vars: Vars };

const BUILDERS: Record<ThemeName, (primary: string) => Def> = {
  default: (p) => ({
    menuTheme: 'dark',
    swatch: ['#20222a', '#ffffff'],
    vars: {
      headerBg: '#ffffff',
      headerText: 'rgba(0, 0, 0, 0.75)',
      headerBorder: '#e8e8e8',
      siderBg: '#20222a',
      siderText: 'rgba(255, 255, 255, 0.7)',
      siderActiveBg: p,
      siderActiveText: '#ffffff',
      siderSubBg: '#191a20',
      siderHoverText: '#ffffff',
      siderActiveBar: 'transparent',
      logoBg: '#20222a',
      logoText: '#ffffff',
      contentBg: '#f0f2f5',
      tabsBg: '#ffffff',
      tabActiveBg: alpha(p, 0.07),
      tabActiveText: p,
    },
  }),
  white: (p) => ({
    menuTheme: 'light',
    swatch: ['#ffffff', p],
    vars: {
      headerBg: '#ffffff',
      headerText: 'rgba(0, 0, 0, 0.75)',
      headerBorder: '#f0f0f0',
      siderBg: '#ffffff',
      siderText: 'rgba(0, 0, 0, 0.75)',
      siderActiveBg: alpha(p, 0.07),
      siderActiveText: p,
      siderSubBg: '#fafafa',
      siderHoverText: p,
      siderActiveBar: p,
      logoBg: '#ffffff',
      logoText: p,
      contentBg: '#f5f7fa',
      tabsBg: '#ffffff',
      tabActiveBg: p,
      tabActiveText: '#ffffff',
    },
  }),
  dark: (p) => ({
    dark: true,
    menuTheme: 'dark',
    swatch: ['#141414', '#303030'],
    vars: {
      headerBg: '#1f1f1f',
      headerText: 'rgba(255, 255, 255, 0.85)',
      headerBorder: '#303030',
      siderBg: '#141414',
      siderText: 'rgba(255, 255, 255, 0.65)',
      siderActiveBg: alpha(p, 0.35),
      siderActiveText: '#ffffff',
      siderSubBg: '#0d0d0d',
      siderHoverText: '#ffffff',
      siderActiveBar: p,
      logoBg: '#141414',
      logoText: '#ffffff',
      contentBg: '#000000',
      tabsBg: '#1f1f1f',
      tabActiveBg: alpha(p, 0.35),
      tabActiveText: '#ffffff',
    },
  }),
  colourful: (p) => ({
    menuTheme: 'dark',
    borderRadius: 8,
    swatch: ['#5b247a', '#0e6a78'],
    vars: {
      headerBg: 'linear-gradient(90deg, #5b247a 0%, #0e6a78 100%)',
      headerText: '#ffffff',
      headerBorder: 'transparent',
      siderBg: 'linear-gradient(180deg, #5b247a 0%, #3a4ba8 55%, #15658a 100%)',
      siderText: 'rgba(255, 255, 255, 0.92)',
      siderActiveBg: 'rgba(0, 0, 0, 0.25)',
      siderActiveText: '#ffffff',
      siderSubBg: 'rgba(0, 0, 0, 0.12)',
      siderHoverText: '#ffffff',
      siderActiveBar: '#ffd166',
      logoBg: 'rgba(0, 0, 0, 0.15)',
      logoText: '#ffffff',
      contentBg: '#f3f0fa',
      tabsBg: '#ffffff',
      tabActiveBg: alpha(p, 0.07),
      tabActiveText: p,
    },
  }),
  smart: (p) => ({
    compact: true,
    borderRadius: 10,
    menuTheme: 'dark',
    swatch: ['#0f2d3a', '#22c3a6'],
    vars: {
      headerBg: '#0f2d3a',
      headerText: '#e6f4f1',
      headerBorder: '#0f2d3a',
      siderBg: '#113847',
      siderText: 'rgba(230, 244, 241, 0.72)',
      siderActiveBg: alpha('#22c3a6', 0.25),
      siderActiveText: '#5ef0cf',
      siderSubBg: '#0d2e3b',
      siderHoverText: '#ffffff',
      siderActiveBar: '#22c3a6',
      logoBg: '#0f2d3a',
      logoText: '#5ef0cf',
      contentBg: '#eef5f4',
      tabsBg: '#ffffff',
      tabActiveBg: alpha(p, 0.07),
      tabActiveText: p,
    },
  }),
  iview: (p) => ({
    borderRadius: 4,
    menuTheme: 'dark',
    swatch: ['#515a6e', '#363e4f'],
    vars: {
      headerBg: '#ffffff',
      headerText: '#515a6e',
      headerBorder: '#dcdee2',
      siderBg: '#515a6e',
      siderText: 'rgba(255, 255, 255, 0.82)',
      siderActiveBg: '#363e4f',
      siderActiveText: readableOn(p, '#363e4f'),
      siderSubBg: '#363e4f',
      siderHoverText: '#ffffff',
      siderActiveBar: p,
      logoBg: '#515a6e',
      logoText: '#ffffff',
      contentBg: '#f5f7f9',
      tabsBg: '#f0f0f0',
      tabActiveBg: '#ffffff',
      tabActiveText: p,
    },
  }),
  vip: () => ({
    menuTheme: 'dark',
    swatch: ['#1d1d1d', '#e6c27a'],
    vars: {
      headerBg: '#1d1d1d',
      headerText: '#e6c27a',
      headerBorder: '#2b2b2b',
      siderBg: '#1d1d1d',
      siderText: 'rgba(230, 194, 122, 0.7)',
      siderActiveBg: 'rgba(230, 194, 122, 0.16)',
      siderActiveText: '#f3d89a',
      siderSubBg: '#141414',
      siderHoverText: '#f3d89a',
      siderActiveBar: '#e6c27a',
      logoBg: '#141414',
      logoText: '#e6c27a',
      contentBg: '#f4f1ea',
      tabsBg: '#2b2b2b',
      tabActiveBg: '#e6c27a',
      tabActiveText: '#1d1d1d',
    },
  }),
  cool: (p) => ({
    menuTheme: 'light',
    swatch: ['#16325c', '#eaf2fb'],
    vars: {
      headerBg: '#16325c',
      headerText: '#ffffff',
      headerBorder: '#16325c',
      siderBg: '#eaf2fb',
      siderText: '#34495e',
      siderActiveBg: p,
      siderActiveText: '#ffffff',
      siderSubBg: '#dde9f6',
      siderHoverText: p,
      siderActiveBar: 'transparent',
      logoBg: '#16325c',
      logoText: '#ffffff',
      contentBg: '#f4f8fc',
      tabsBg: '#ffffff',
      tabActiveBg: alpha(p, 0.07),
      tabActiveText: p,
    },
  }),
  d2: (p) => ({
    menuTheme: 'light',
    borderRadius: 4,
    swatch: ['#ebf1f6', '#2f3d4d'],
    vars: {
      headerBg: '#ebf1f6',
      headerText: '#2f3d4d',
      headerBorder: '#d6e0ea',
      siderBg: '#ebf1f6',
      siderText: '#2f3d4d',
      siderActiveBg: '#ffffff',
      siderActiveText: p,
      siderSubBg: '#e2eaf1',
      siderHoverText: readableOn(p, '#ebf1f6'),
      siderActiveBar: 'transparent',
      logoBg: '#ebf1f6',
      logoText: '#2f3d4d',
      contentBg: '#ebf1f6',
      tabsBg: '#ebf1f6',
      tabActiveBg: '#ffffff',
      tabActiveText: p,
    },
  }),
  hey: (p) => ({
    menuTheme: 'dark',
    borderRadius: 2,
    swatch: ['#23262e', '#393d49'],
    vars: {
      headerBg: '#23262e',
      headerText: 'rgba(255, 255, 255, 0.8)',
      headerBorder: '#23262e',
      siderBg: '#393d49',
      siderText: 'rgba(255, 255, 255, 0.7)',
      siderActiveBg: p,
      siderActiveText: '#ffffff',
      siderSubBg: '#2f323c',
      siderHoverText: '#ffffff',
      siderActiveBar: 'transparent',
      logoBg: '#23262e',
      logoText: '#ffffff',
      contentBg: '#f2f2f2',
      tabsBg: '#ffffff',
      tabActiveBg: '#f2f2f2',
      tabActiveText: p,
    },
  }),
  lte: (p) => ({
    menuTheme: 'dark',
    borderRadius: 3,
    swatch: ['#222d32', p],
    vars: {
      headerBg: p,
      headerText: '#ffffff',
      headerBorder: p,
      siderBg: '#222d32',
      siderText: '#b8c7ce',
      siderActiveBg: '#1e282c',
      siderActiveText: '#ffffff',
      siderSubBg: '#2c3b41',
      siderHoverText: '#ffffff',
      siderActiveBar: p,
      logoBg: shade(p, 0.15),
      logoText: '#ffffff',
      contentBg: '#ecf0f5',
      tabsBg: '#ffffff',
      tabActiveBg: alpha(p, 0.07),
      tabActiveText: p,
    },
  }),
};

/** The look of a theme with the chosen primary colour, in its readable shade (core/theme/contrast.ts). */
export function themeLook(name: ThemeName, primary: string): ThemeLook {
  const def = BUILDERS[name](readablePrimary(primary));
  return {
    name,
    dark: def.dark ?? false,
    compact: def.compact ?? false,
    borderRadius: def.borderRadius ?? 6,
    menuTheme: def.menuTheme ?? 'dark',
    vars: def.vars,
    swatch: def.swatch,
  };
}
