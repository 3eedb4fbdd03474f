/** Stations and devices: the station screens, device registration against the factory lists, the home page figures. */
import { defineModule } from '../../kernel/types.js';
import { DeviceReads } from './device-read.service.js';
import { deviceRoutes } from './device.routes.js';
import { DeviceStats } from './device-stats.service.js';
import { HomeService } from './station-home.service.js';
import { homeRoutes } from './station-home.routes.js';
import { StationReads } from './station-read.service.js';
import { stationRoutes } from './station.routes.js';
import { StationService } from './station.service.js';

export default defineModule({
  name: 'station',
  routes: (app, ctx) => {
    const writes = new StationService(ctx);
    stationRoutes(app, new StationReads(ctx), writes);
    deviceRoutes(app, new DeviceReads(ctx), new DeviceStats(ctx), writes);
    homeRoutes(app, new HomeService(ctx));
  },
});
