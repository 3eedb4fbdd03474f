/**
 * The administration namespaces (`crud`, `system`) travel with the pages that use them, not with /login: importing
 * this module registers them (every CRUD module imports it first).
 */
import { i18n } from '@/core/i18n/i18n';
import enCrud from '@/locales/en-US/crud.json';
import enSystem from '@/locales/en-US/system.json';
import zhCrud from '@/locales/zh-CN/crud.json';
import zhSystem from '@/locales/zh-CN/system.json';

i18n.addResourceBundle('zh-CN', 'translation', { crud: zhCrud, system: zhSystem }, true, true);
i18n.addResourceBundle('en-US', 'translation', { crud: enCrud, system: enSystem }, true, true);

export const ADMIN_LOCALES_READY = true;
