/** Exit-factory information of each device kind. */
import { defineFeature, page } from '@/core/feature';

export default defineFeature({
  // `factory`: loaded with the first factory list, not on /login.
  locales: import.meta.glob('./locales/*/*.json', { import: 'default' }),
  pages: [
    { code: 'inverter_factory', page: page(() => import('./factory-pages'), 'InverterFactoryPage') },
    { code: 'battery_factory', page: page(() => import('./factory-pages'), 'BatteryFactoryPage') },
    { code: 'guardian_factory', page: page(() => import('./factory-pages'), 'GuardianFactoryPage') },
    { code: 'charger_factory', page: page(() => import('./factory-pages'), 'ChargerFactoryPage') },
  ],
});
