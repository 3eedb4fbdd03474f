import type { ReactNode } from 'react';
import { ProConfigProvider, enUSIntl, zhCNIntl } from '@ant-design/pro-components';
import { useTranslation } from 'react-i18next';
import { useThemeStore } from '@/core/theme/theme-store';
import { themeLook } from '@/core/theme/themes';

/**
 * ProComponents' texts in the console's language and its dark mode with the theme. Only the pages with a ProTable
 * wrap themselves in it, so the shell (and the first page after sign-in) does without the ProComponents chunk.
 */
export function ProProvider({ children }: { children: ReactNode }) {
  const { i18n } = useTranslation();
  const dark = useThemeStore((s) => themeLook(s.theme, s.color).dark);
  return (
    <ProConfigProvider intl={i18n.language === 'en-US' ? enUSIntl : zhCNIntl} dark={dark}>
      {children}
    </ProConfigProvider>
  );
}
