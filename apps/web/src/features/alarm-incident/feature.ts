/** Alarm incidents (issue 14): alarms of one kind across many stations of a region, grouped; handled as one. */
import { defineFeature, page } from '@/core/feature';

export default defineFeature({
  locales: import.meta.glob('./locales/*/*.json', { import: 'default' }),
  // Under the alarm page's path: the same `alarm` menu opens it (the routes need `alarm` / `alarm_handle`).
  pages: [{ path: '/alarm/incident', titleKey: 'alarmIncident.title', page: page(() => import('./incident-page'), 'IncidentPage') }],
});
