/** Base packages of installer orders (issue 18): the coded systems a design starts from, and their lines. */
import { defineFeature, page } from '@/core/feature';

export default defineFeature({
  locales: import.meta.glob('./locales/*/*.json', { import: 'default' }),
  pages: [{ code: 'epc_package', page: page(() => import('./package-page'), 'PackagePage') }],
});
