/** OTA firmware (issue 15): packages with their file, staged campaigns with live progress, upgrade records. */
import { defineFeature, page } from '@/core/feature';

export default defineFeature({
  locales: import.meta.glob('./locales/*/*.json', { import: 'default' }),
  pages: [{ code: 'ota', page: page(() => import('./ota-page'), 'OtaPage') }],
});
