/** Base data: administrative regions. */
import { defineFeature, page } from '@/core/feature';

export default defineFeature({
  pages: [{ code: 'region', page: page(() => import('./region-page'), 'RegionPage') }],
});
