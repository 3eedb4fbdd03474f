/**
 * Configuration of remote settings (issue 15): the setting items the device forms are generated from (the app's
 * setting-item menu configuration, `/app-menu`) and the protocol address mapping (`/protocol-mapping`).
 */
import { defineFeature, resourcePage } from '@/core/feature';

export default defineFeature({
  pages: [
    { code: 'app_menu', page: resourcePage(() => import('@helio/contracts/modules/settings/settings.resource'), 'setItemResource') },
    { code: 'protocol_mapping', page: resourcePage(() => import('@helio/contracts/modules/settings/settings.resource'), 'addressMapResource') },
  ],
});
