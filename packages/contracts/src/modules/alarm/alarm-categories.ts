/**
 * The alarm categories (issue 14), apart from the catalogue (alarm-catalogue.ts re-exports them) so that what needs
 * only the list — the notification settings' schema, which the console's shell loads — does not carry the catalogue.
 */
export const ALARM_CATEGORIES = ['grid', 'pv', 'battery', 'insulation', 'temperature', 'communication', 'safety', 'device'] as const;
export type AlarmCategory = (typeof ALARM_CATEGORIES)[number];
