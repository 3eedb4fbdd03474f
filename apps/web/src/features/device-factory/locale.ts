/** The `factory` namespace, registered when the factory-list chunk loads (kept off /login like `station`). */
import { i18n } from '@/core/i18n/i18n';
import enFactory from '@/locales/en-US/factory.json';
import zhFactory from '@/locales/zh-CN/factory.json';

i18n.addResourceBundle('zh-CN', 'translation', { factory: zhFactory }, true, true);
i18n.addResourceBundle('en-US', 'translation', { factory: enFactory }, true, true);

export const FACTORY_LOCALES_READY = true;
