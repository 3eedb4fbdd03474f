/** The `report` namespace travels with these pages, not with /login. */
import { i18n } from '@/core/i18n/i18n';
import enReport from '@/locales/en-US/report.json';
import zhReport from '@/locales/zh-CN/report.json';

i18n.addResourceBundle('zh-CN', 'translation', { report: zhReport }, true, true);
i18n.addResourceBundle('en-US', 'translation', { report: enReport }, true, true);

export const REPORT_LOCALES_READY = true;
