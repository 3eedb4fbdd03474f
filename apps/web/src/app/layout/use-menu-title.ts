import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import type { MenuTitle } from '@/core/menu/menu-utils';
import '@/core/menu/menu-locale';

/** Menu name in the app language: `meta.i18n` key, else `menu.<code>`, else the server's name. */
export function useMenuTitle(): MenuTitle {
  const { t, i18n } = useTranslation();
  const language = i18n.language;
  return useCallback(
    (item) => {
      void language;
      const key = item.meta?.i18n;
      if (key && i18n.exists(key)) return t(key);
      if (key && i18n.exists(`menu.${key}`)) return t(`menu.${key}`);
      if (item.code && i18n.exists(`menu.${item.code}`)) return t(`menu.${item.code}`);
      return item.name;
    },
    [t, i18n, language],
  );
}
