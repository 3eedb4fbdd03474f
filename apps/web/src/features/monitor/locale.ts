/** The `monitor` namespace travels with these pages, not with /login. */
import { i18n } from '@/core/i18n/i18n';
import enMonitor from '@/locales/en-US/monitor.json';
import zhMonitor from '@/locales/zh-CN/monitor.json';

i18n.addResourceBundle('zh-CN', 'translation', { monitor: zhMonitor }, true, true);
i18n.addResourceBundle('en-US', 'translation', { monitor: enMonitor }, true, true);

export const MONITOR_LOCALES_READY = true;
