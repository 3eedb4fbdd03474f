/** The `desk` namespace travels with these pages, not with /login. */
import { i18n } from '@/core/i18n/i18n';
import enDesk from '@/locales/en-US/desk.json';
import zhDesk from '@/locales/zh-CN/desk.json';

i18n.addResourceBundle('zh-CN', 'translation', { desk: zhDesk }, true, true);
i18n.addResourceBundle('en-US', 'translation', { desk: enDesk }, true, true);

export const DESK_LOCALES_READY = true;
