/**
 * Alarm notifications (issue 14): "My alarm subscriptions" (`/notify/subscription`, every signed-in user, reached
 * from the bell) and the alarm part of the shell's bell (`alarm-inbox.tsx`). The texts ship with the entry: the bell
 * is on every console page.
 */
import { defineFeature, page } from '@/core/feature';

export default defineFeature({
  locales: import.meta.glob('./locales/*/*.json', { eager: true, import: 'default' }),
  pages: [
    {
      path: '/notify/subscription',
      titleKey: 'notify.title',
      always: true,
      page: page(() => import('./subscription-page'), 'SubscriptionPage'),
    },
  ],
});
