/** The `resource` namespace (storage, attachments, SMS) travels with these pages, not with /login. */
import { i18n } from '@/core/i18n/i18n';
import enResource from '@/locales/en-US/resource.json';
import zhResource from '@/locales/zh-CN/resource.json';

i18n.addResourceBundle('zh-CN', 'translation', { resource: zhResource }, true, true);
i18n.addResourceBundle('en-US', 'translation', { resource: enResource }, true, true);

export const RESOURCE_LOCALES_READY = true;
