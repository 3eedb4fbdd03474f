/** Alarm analysis (issue 14): MTTA / MTTR per station, agent or installer, and alarm counts by category per day. */
import { defineFeature, page } from '@/core/feature';

export default defineFeature({
  locales: import.meta.glob('./locales/*/*.json', { import: 'default' }),
  pages: [
    // Under the alarm menu's path: open to whoever has the alarm page.
    { path: '/alarm/analysis', titleKey: 'alarmAnalysis.title', page: page(() => import('./analysis-page'), 'AlarmAnalysisPage') },
  ],
});
