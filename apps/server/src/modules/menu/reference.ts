/**
 * The console's menus and buttons (contracts `AREAS`, names from `seed/menu-names`) as reference data: a page or
 * button added to the contracts in a later release reaches databases installed before it (kernel/reference.ts).
 * The first start's seed inserts the same entries with the Blade seed ids; this then finds nothing missing.
 */
import { AREAS } from '@helio/contracts/permissions';
import { BUTTON_NAME_OVERRIDES, BUTTON_NAMES, MENU_NAMES } from '@helio/contracts/seed/menu-names';
import type { ReferenceData } from '../../kernel/types.js';

type Menus = NonNullable<ReferenceData['menus']>;

export function consoleMenus(): Menus {
  const out: Menus[number][] = [];
  AREAS.forEach((area, ai) => {
    const an = MENU_NAMES[area.code]!;
    out.push({ area: '', code: area.code, path: area.path, name: { zh: an.zh, en: an.en }, icon: an.icon, sort: ai + 1 });
    area.pages.forEach((page, pi) => {
      const pn = MENU_NAMES[page.code]!;
      out.push({
        area: area.code,
        code: page.code,
        path: page.path,
        name: { zh: pn.zh, en: pn.en },
        icon: pn.icon,
        sort: pi + 1,
        buttons: (page.buttons as readonly string[]).map((action) => {
          const bn = BUTTON_NAMES[action as keyof typeof BUTTON_NAMES];
          const named = BUTTON_NAME_OVERRIDES[`${page.code}_${action}`] ?? bn;
          return { code: `${page.code}_${action}`, zh: named.zh, en: named.en, icon: bn.icon };
        }),
      });
    });
  });
  return out;
}
