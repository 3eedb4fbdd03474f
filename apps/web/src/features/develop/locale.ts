/** The `develop` namespace travels with these pages, not with /login. */
import { i18n } from '@/core/i18n/i18n';
import enDevelop from '@/locales/en-US/develop.json';
import zhDevelop from '@/locales/zh-CN/develop.json';

i18n.addResourceBundle('zh-CN', 'translation', { develop: zhDevelop }, true, true);
i18n.addResourceBundle('en-US', 'translation', { develop: enDevelop }, true, true);

export const DEVELOP_LOCALES_READY = true;
