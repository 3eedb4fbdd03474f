/**
 * The Configuration area (issue 15): the setting items the device forms are generated from (the app's setting-item
 * menu configuration, `/app-menu`), the protocol address mapping (`/protocol-mapping`), the version matching list
 * (`/config-update/matching-list`) and factory versions (`/factory-version`) — each with Excel import and export —
 * the fleet's firmware state (`/app-update`: overview, versions per device, upgrade records with retry) and the
 * fleet-wide approvals of grid-code settings (`/setting-approval`).
 */
import { defineFeature, page } from '@/core/feature';

export default defineFeature({
  locales: import.meta.glob('./locales/*/*.json', { import: 'default' }),
  pages: [
    { code: 'app_menu', page: page(() => import('./sheet-pages'), 'SetItemPage') },
    { code: 'protocol_mapping', page: page(() => import('./sheet-pages'), 'AddressMapPage') },
    { code: 'matching_list', page: page(() => import('./sheet-pages'), 'MatchingListPage') },
    { code: 'factory_version', page: page(() => import('./sheet-pages'), 'FactoryVersionPage') },
    { code: 'app_update', page: page(() => import('./app-update-page'), 'AppUpdatePage') },
    { code: 'setting_approval', page: page(() => import('./approvals-page'), 'SettingApprovalPage') },
  ],
});
