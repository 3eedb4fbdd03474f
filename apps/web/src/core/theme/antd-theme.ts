import { theme as antdTheme } from 'antd';
import type { ThemeConfig } from 'antd';
import { readableOn, readablePrimary } from './contrast';
import { shade } from './themes';
import type { ThemeLook } from './themes';

/** antd theme config for a look and primary colour: algorithm, seed tokens, and the sidebar menu's tokens. */
export function antdThemeConfig(look: ThemeLook, chosen: string): ThemeConfig {
  // The chosen colour in the shade that reads at AA (white words on it, it on white); on the dark look, links are a
  // lighter shade of it that reads on the dark page.
  const primary = readablePrimary(chosen);
  const link = look.dark ? readableOn(chosen, '#1f1f1f') : primary;
  const algorithm = [look.dark ? antdTheme.darkAlgorithm : antdTheme.defaultAlgorithm];
  if (look.compact) algorithm.push(antdTheme.compactAlgorithm);
  const v = look.vars;
  const menu = {
    itemBg: 'transparent',
    subMenuItemBg: v.siderSubBg,
    itemColor: v.siderText,
    itemHoverColor: v.siderHoverText,
    itemHoverBg: 'rgba(127, 127, 127, 0.12)',
    itemSelectedBg: v.siderActiveBg,
    itemSelectedColor: v.siderActiveText,
    groupTitleColor: v.siderText,
    popupBg: look.menuTheme === 'dark' ? '#1f1f1f' : '#ffffff',
    darkItemBg: 'transparent',
    darkSubMenuItemBg: v.siderSubBg,
    darkItemColor: v.siderText,
    darkItemHoverColor: v.siderHoverText,
    darkItemHoverBg: 'rgba(255, 255, 255, 0.08)',
    darkItemSelectedBg: v.siderActiveBg,
    darkItemSelectedColor: v.siderActiveText,
    darkPopupBg: '#1f1f1f',
    collapsedWidth: 64,
  };
  return {
    cssVar: true,
    hashed: false,
    algorithm,
    // Danger text and buttons in a red that reads at ≥ 4.5:1 on white (antd's #ff4d4f is 3.3:1); dark looks keep antd's.
    // Secondary words (empty lists, result subtitles, form hints, statistic titles) at ≥ 4.5:1 on the page's
    // backgrounds: antd's 45 % black (or white) reads at 3.4–4:1.
    token: {
      colorPrimary: primary,
      colorInfo: primary,
      colorLink: link,
      // Hovered and pressed, a primary button darkens (antd lightens it, below AA under white words).
      colorPrimaryHover: shade(primary, 0.12),
      colorPrimaryActive: shade(primary, 0.22),
      colorLinkHover: look.dark ? link : shade(primary, 0.12),
      borderRadius: look.borderRadius,
      ...(look.dark
        ? { colorTextTertiary: 'rgba(255, 255, 255, 0.62)', colorTextDescription: 'rgba(255, 255, 255, 0.62)' }
        : { colorError: '#cf1322', colorErrorHover: '#a8071a', colorErrorActive: '#820014', colorTextTertiary: 'rgba(0, 0, 0, 0.62)', colorTextDescription: 'rgba(0, 0, 0, 0.62)' }),
    },
    components: {
      Menu: menu,
      Layout: { siderBg: 'transparent', headerBg: 'transparent', bodyBg: v.contentBg, headerPadding: 0 },
    },
  };
}
