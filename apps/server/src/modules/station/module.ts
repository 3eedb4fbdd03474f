/** Stations and devices: the station screens, device registration against the factory lists, the home page figures. */
import { defineModule } from '../../kernel/types.js';
import { stationRoutes } from './station.routes.js';

export default defineModule({
  name: 'station',
  routes: (app, ctx) => stationRoutes(app, ctx),
});
