/** The demo module's public entry: what the demo fleet is doing (for the start-up message). */
export interface DemoApi {
  /** One line for the start-up message once the fleet runs; undefined when the simulator is off. */
  summary(): string | undefined;
  /**
   * The demo orders' lines (with the demo accounts' one-time passwords), once seeded in the background after the start;
   * undefined when this start seeded none (a restart, or the simulator off).
   */
  orders(): Promise<string | undefined>;
}

declare module '../../kernel/types.js' {
  interface ModuleApis {
    demo: DemoApi;
  }
}

export { backfillDemo, seedDevices, type DemoFleet } from './seed-devices.js';
