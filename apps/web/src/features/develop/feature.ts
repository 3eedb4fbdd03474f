/** Developer tools: data sources, models and the code generator. */
import { defineFeature, page } from '@/core/feature';

export default defineFeature({
  locales: import.meta.glob('./locales/*/*.json', { import: 'default' }),
  pages: [
    { code: 'datasource', page: page(() => import('./datasource-page'), 'DatasourcePage') },
    { code: 'model', page: page(() => import('./model-page'), 'ModelPage') },
    { code: 'code', page: page(() => import('./code-page'), 'CodePage') },
  ],
});
