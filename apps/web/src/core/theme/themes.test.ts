import { describe, expect, it } from 'vitest';
import { antdThemeConfig } from './antd-theme';
import { THEME_NAMES, alpha, shade, themeLook } from './themes';

describe('themes', () => {
  it('has the eleven themes of the spec, each a different look', () => {
    expect(THEME_NAMES).toEqual(['default', 'white', 'dark', 'colourful', 'smart', 'iview', 'vip', 'cool', 'd2', 'hey', 'lte']);
    const looks = THEME_NAMES.map((n) => JSON.stringify(themeLook(n, '#409EFF').vars));
    expect(new Set(looks).size).toBe(THEME_NAMES.length);
  });

  it('uses the primary colour in antd and in the themes that draw with it', () => {
    const config = antdThemeConfig(themeLook('lte', '#FA541C'), '#FA541C');
    expect(config.token?.colorPrimary).toBe('#FA541C');
    expect(themeLook('lte', '#FA541C').vars.headerBg).toBe('#FA541C');
  });

  it('turns on the dark algorithm only for the dark theme', () => {
    expect(THEME_NAMES.filter((n) => themeLook(n, '#409EFF').dark)).toEqual(['dark']);
  });

  it('colour helpers', () => {
    expect(alpha('#409EFF', 0.5)).toBe('rgba(64, 158, 255, 0.5)');
    expect(shade('#ffffff', 0.5)).toBe('#808080');
  });
});
