/**
 * Per-device resource bounds of the embedded broker (docs/device-protocol.md, "Limits"): a publish/subscribe rate
 * (token bucket per device, kept across reconnections; running dry closes the connection) and an in-flight window
 * (messages of one connection being ingested at once; further ones wait their turn — aedes reads no more from the
 * socket until they are done, so the wait is bounded by one socket read). The packet size is enforced on the byte
 * stream (mqtt-stream-guard.ts).
 */
import { DEFAULT_MQTT_LIMITS, type MqttLimits } from '../../settings/telemetry.js';

export { DEFAULT_MQTT_LIMITS, type MqttLimits };


/** A token bucket: `capacity` tokens, refilled at `ratePerSecond`. */
export class TokenBucket {
  private tokens: number;
  private last: number;

  constructor(
    private readonly ratePerSecond: number,
    private readonly capacity: number,
    private readonly now: () => number = () => performance.now(),
  ) {
    this.tokens = capacity;
    this.last = now();
  }

  /** Whether the bucket has refilled completely (nothing to remember about its owner). */
  full(): boolean {
    this.refill();
    return this.tokens >= this.capacity;
  }

  /** Takes one token; false when the bucket is empty. */
  take(): boolean {
    this.refill();
    if (this.tokens < 1) return false;
    this.tokens -= 1;
    return true;
  }

  private refill(): void {
    const t = this.now();
    this.tokens = Math.min(this.capacity, this.tokens + ((t - this.last) * this.ratePerSecond) / 1000);
    this.last = t;
  }
}

/** Runs at most `max` tasks at once; later ones start, in order, as earlier ones finish. */
export class InflightWindow {
  private running = 0;
  private readonly waiting: (() => void)[] = [];

  constructor(private readonly max: number) {}

  run<T>(task: () => Promise<T>): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      const start = () => {
        this.running++;
        let p: Promise<T>;
        try {
          p = task();
        } catch (e) {
          p = Promise.reject(e);
        }
        p.then(resolve, reject).finally(() => {
          this.running--;
          this.waiting.shift()?.();
        });
      };
      if (this.running < this.max) start();
      else this.waiting.push(start);
    });
  }

  get size(): number {
    return this.running + this.waiting.length;
  }
}
