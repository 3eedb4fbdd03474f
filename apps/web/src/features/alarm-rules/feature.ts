/** Alarm rules (issue 14): the alarm catalogue (platform users edit it) and per-device threshold overrides. */
import { defineFeature, page } from '@/core/feature';

export default defineFeature({
  locales: import.meta.glob('./locales/*/*.json', { import: 'default' }),
  pages: [{ code: 'alarm_rule', page: page(() => import('./rules-page'), 'AlarmRulesPage') }],
});
