/** The OTA module's public entry: its services (the step job and device-report handler reach them through it). */
import type { CampaignService } from './ota.campaign.js';
import type { OtaFiles } from './ota.files.js';
import type { OtaQueries } from './ota.queries.js';
import type { UpgradeService } from './ota.upgrade.js';

export interface OtaApi {
  files: OtaFiles;
  upgrades: UpgradeService;
  campaigns: CampaignService;
  queries: OtaQueries;
}

declare module '../../kernel/types.js' {
  interface ModuleApis {
    ota: OtaApi;
  }
}
