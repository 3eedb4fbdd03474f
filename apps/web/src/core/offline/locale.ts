/** The offline queue's texts (`offline` namespace): registered when its views are imported. */
import { addLocaleBundle } from '@/core/i18n/i18n';
import { localeFileOf } from '@/core/i18n/resources';
import type { LocaleTree } from '@/core/i18n/resources';

const files = import.meta.glob<LocaleTree>('./locales/*/*.json', { eager: true, import: 'default' });

for (const [path, tree] of Object.entries(files)) {
  const file = localeFileOf(path);
  if (file) addLocaleBundle(file.language, file.namespace, tree);
}
