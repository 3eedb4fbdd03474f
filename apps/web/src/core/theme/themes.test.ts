import { describe, expect, it } from 'vitest';
import { antdThemeConfig } from './antd-theme';
import { readablePrimary } from './contrast';
import { THEME_NAMES, alpha, shade, themeLook } from './themes';

describe('themes', () => {
  it('has the eleven themes of the spec, each a different look', () => {
    expect(THEME_NAMES).toEqual(['default', 'white', 'dark', 'colourful', 'smart', 'iview', 'vip', 'cool', 'd2', 'hey', 'lte']);
    const looks = THEME_NAMES.map((n) => JSON.stringify(themeLook(n, '#409EFF').vars));
    expect(new Set(looks).size).toBe(THEME_NAMES.length);
  });

  it('uses the primary colour (in its readable shade) in antd and in the themes that draw with it', () => {
    const config = antdThemeConfig(themeLook('lte', '#FA541C'), '#FA541C');
    expect(config.token?.colorPrimary).toBe(readablePrimary('#FA541C'));
    expect(readablePrimary('#FA541C')).not.toBe('#FA541C');
    expect(themeLook('lte', '#FA541C').vars.headerBg).toBe(readablePrimary('#FA541C'));
    expect(antdThemeConfig(themeLook('lte', '#1668DC'), '#1668DC').token?.colorPrimary).toBe('#1668DC');
  });

  it('turns on the dark algorithm only for the dark theme', () => {
    expect(THEME_NAMES.filter((n) => themeLook(n, '#409EFF').dark)).toEqual(['dark']);
  });

  it('colour helpers', () => {
    expect(alpha('#409EFF', 0.5)).toBe('rgba(64, 158, 255, 0.5)');
    expect(shade('#ffffff', 0.5)).toBe('#808080');
  });
});
