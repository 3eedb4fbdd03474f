/** Agent companies (issue 17): `/epc/agent` — companies, their staff, excluded staff, stations, documents and log. */
import { defineFeature, page } from '@/core/feature';

export default defineFeature({
  locales: import.meta.glob('./locales/*/*.json', { import: 'default' }),
  pages: [{ code: 'epc_agent', page: page(() => import('./agent-page'), 'AgentPage') }],
});
