/**
 * The `menu` namespace (`menu.<code>`: the name of every area and page code), registered when the console shell loads
 * (`useMenuTitle` imports this module), not on /login. The names are the menu seed's (`@helio/contracts`), so a new
 * page is named where it is declared; `./locales/<lang>/menu.json` adds the web's own pages outside the seed.
 */
import { MENU_NAMES } from '@helio/contracts/seed/menu-names';
import { addLocaleBundle } from '@/core/i18n/i18n';
import { localeFileOf } from '@/core/i18n/resources';
import type { LocaleTree } from '@/core/i18n/resources';

const files = import.meta.glob<LocaleTree>('./locales/*/menu.json', { eager: true, import: 'default' });

/** The `menu` namespace of a language: the seed's names, then the web's own. */
export function menuTree(language: string): LocaleTree {
  const own = Object.entries(files).find(([path]) => localeFileOf(path)?.language === language)?.[1];
  return { ...Object.fromEntries(Object.entries(MENU_NAMES).map(([code, name]) => [code, language === 'en-US' ? name.en : name.zh])), ...own };
}

for (const path of Object.keys(files)) {
  const language = localeFileOf(path)!.language;
  addLocaleBundle(language, 'menu', menuTree(language));
}
