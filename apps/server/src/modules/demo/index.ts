/** The demo module's public entry: what the demo fleet is doing (for the start-up message). */
export interface DemoApi {
  /** One line for the start-up message once the fleet runs; undefined when the simulator is off. */
  summary(): string | undefined;
}

declare module '../../kernel/types.js' {
  interface ModuleApis {
    demo: DemoApi;
  }
}

export { backfillDemo, seedDevices, type DemoFleet } from './seed-devices.js';
