import { theme as antdTheme } from 'antd';
import type { ThemeConfig } from 'antd';
import type { ThemeLook } from './themes';

/** antd theme config for a look and primary colour: algorithm, seed tokens, and the sidebar menu's tokens. */
export function antdThemeConfig(look: ThemeLook, primary: string): ThemeConfig {
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
    token: { colorPrimary: primary, colorInfo: primary, colorLink: primary, borderRadius: look.borderRadius, ...(look.dark ? {} : { colorError: '#cf1322' }) },
    components: {
      Menu: menu,
      Layout: { siderBg: 'transparent', headerBg: 'transparent', bodyBg: v.contentBg, headerPadding: 0 },
    },
  };
}
