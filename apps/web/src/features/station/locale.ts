/**
 * The `station` namespace for the station chunks. `core/i18n/resources.ts` loads every locale file eagerly today;
 * excluding `station.json` there (as `crud`/`system`) moves its ~7 kB gzip off /login — this module then registers it.
 */
import { i18n } from '@/core/i18n/i18n';
import enStation from '@/locales/en-US/station.json';
import zhStation from '@/locales/zh-CN/station.json';

i18n.addResourceBundle('zh-CN', 'translation', { station: zhStation }, true, true);
i18n.addResourceBundle('en-US', 'translation', { station: enStation }, true, true);

export const STATION_LOCALES_READY = true;
