import { describe, expect, it } from 'vitest';
import { WEBSITE } from '@/core/config';
import { antdThemeConfig } from './antd-theme';
import { AA_TEXT, contrast, over, readableOn, readablePrimary } from './contrast';
import { COLOR_PRESETS, THEME_NAMES, themeLook } from './themes';

/** The stops of a gradient, or the colour itself. */
const stops = (value: string) => value.match(/#[0-9a-f]{6}|rgba?\([^)]+\)/gi) ?? [value];

/** Every pair of words and ground the shell draws in a look; grounds with alpha are laid over what is under them. */
function pairs(name: (typeof THEME_NAMES)[number], primary: string): [string, string, string][] {
  const v = themeLook(name, primary).vars;
  const out: [string, string, string][] = [];
  const add = (what: string, text: string, ground: string, under = '#ffffff') => {
    for (const base of stops(under)) for (const g of stops(ground)) out.push([what, over(text, over(g, base)), over(g, base)]);
  };
  add('header', v.headerText, v.headerBg);
  add('sider', v.siderText, v.siderBg);
  add('sider hover', v.siderHoverText, v.siderBg);
  add('sider active', v.siderActiveText, v.siderActiveBg, v.siderBg);
  add('sider sub', v.siderText, v.siderSubBg, v.siderBg);
  add('logo', v.logoText, v.logoBg, v.siderBg);
  add('active tab', v.tabActiveText, v.tabActiveBg, v.tabsBg);
  return out;
}

describe('contrast', () => {
  it('computes WCAG ratios and readable shades', () => {
    expect(contrast('#000000', '#ffffff')).toBeCloseTo(21, 5);
    expect(contrast('#767676', '#ffffff')).toBeGreaterThanOrEqual(4.5);
    expect(over('rgba(0, 0, 0, 0.5)', '#ffffff')).toBe('#808080');
    expect(contrast(readableOn('#FAAD14', '#ffffff'), '#ffffff')).toBeGreaterThanOrEqual(AA_TEXT);
    expect(contrast(readableOn('#2F54EB', '#141414'), '#141414')).toBeGreaterThanOrEqual(AA_TEXT);
    expect(readablePrimary(WEBSITE.defaultColor)).toBe(WEBSITE.defaultColor.toUpperCase());
  });

  it('offers only primary colours that read at AA with white words on them', () => {
    for (const colour of COLOR_PRESETS) expect(contrast(colour, '#ffffff'), colour).toBeGreaterThanOrEqual(AA_TEXT);
    expect(COLOR_PRESETS).toContain(WEBSITE.defaultColor.toUpperCase());
  });

  it('keeps every theme readable with every colour the picker offers, and with colours it does not', () => {
    const failures: string[] = [];
    for (const colour of [...COLOR_PRESETS, '#FAAD14', '#13C2C2', '#409EFF', '#FFFFFF', '#000000']) {
      for (const name of THEME_NAMES) {
        for (const [what, text, ground] of pairs(name, colour)) {
          const ratio = contrast(text, ground);
          if (ratio < AA_TEXT) failures.push(`${name} ${colour} ${what}: ${text} on ${ground} ${ratio.toFixed(2)}`);
        }
        const token = antdThemeConfig(themeLook(name, colour), colour).token!;
        const buttonRatio = contrast('#ffffff', token.colorPrimary!);
        if (buttonRatio < AA_TEXT) failures.push(`${name} ${colour} primary button ${buttonRatio.toFixed(2)}`);
      }
    }
    expect(failures).toEqual([]);
  });
});
