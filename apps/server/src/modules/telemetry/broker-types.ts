/** What the device path's broker side offers (embedded aedes or consumers of an external broker). */
export interface Logger {
  info(obj: unknown, msg?: string): void;
  warn(obj: unknown, msg?: string): void;
  error(obj: unknown, msg?: string): void;
}

export interface BrokerHandle {
  kind: 'embedded' | 'external';
  /** Where devices (and the simulator) connect. */
  url: string;
  /** Embedded only: the port actually bound (0 in the config picks a free one). */
  port?: number;
  /** Embedded only: the platform's own credential (commands, monitoring); its client ids must start with `helio:`. */
  internal?: { username: string; password: string };
  /** Embedded only: how many retained messages the broker holds. */
  retainedCount?(): Promise<number>;
  /**
   * Readiness: embedded — listening, and how many clients are connected; external — how many of the consumers are
   * connected (at least one must be). Throws when the broker side cannot receive.
   */
  state(): { ok: boolean; detail: string };
  /** Publishes a message to devices (QoS 1, not retained): command requests. */
  publish(topic: string, payload: Buffer): Promise<void>;
  close(): Promise<void>;
}
