/**
 * The broker's bounds as pure pieces: the fixed-header scanner in front of aedes (packet boundaries followed across
 * any split of the byte stream, oversized and malformed headers caught from the header alone), the token bucket and
 * the in-flight window. The same pieces on a live broker: mqtt-abuse.test.ts.
 */
import { describe, expect, it } from 'vitest';
import { InflightWindow, TokenBucket } from './mqtt-limits.js';
import { MqttHeaderScanner } from './mqtt-stream-guard.js';

const varint = (n: number) => {
  const out: number[] = [];
  do {
    let b = n % 128;
    n = Math.floor(n / 128);
    if (n > 0) b |= 0x80;
    out.push(b);
  } while (n > 0);
  return out;
};
const str = (s: string) => [s.length >> 8, s.length & 0xff, ...Buffer.from(s)];
const packet = (first: number, body: number[] | Buffer) => Buffer.from([first, ...varint(body.length), ...body]);
const connect = (clientId: string) => packet(0x10, [...str('MQTT'), 4, 0x02, 0, 60, ...str(clientId)]);
const publish = (topic: string, size: number) => packet(0x30, Buffer.concat([Buffer.from(str(topic)), Buffer.alloc(size, 0x61)]));

describe('MqttHeaderScanner', () => {
  // Remaining lengths of 1, 2 and 3 varint bytes, an empty packet (PINGREQ) and a packet exactly at the limit.
  const LIMIT = 20_000;
  const stream = Buffer.concat([
    connect('DEV00001'),
    publish('helio/v1/DEV00001/telemetry', 10),
    publish('helio/v1/DEV00001/telemetry', 300),
    Buffer.from([0xc0, 0x00]),
    publish('helio/v1/DEV00001/telemetry', 17_000),
    publish('a', LIMIT - 7),
  ]);

  it('follows the packets across every split of the stream', () => {
    expect(publish('a', LIMIT - 7).length).toBe(LIMIT);
    for (let cut = 0; cut <= stream.length; cut += cut < 400 ? 1 : 97) {
      const s = new MqttHeaderScanner(LIMIT);
      expect(s.scan(stream.subarray(0, cut)), `cut at ${cut}`).toBeUndefined();
      expect(s.scan(stream.subarray(cut)), `cut at ${cut}`).toBeUndefined();
    }
    const s = new MqttHeaderScanner(LIMIT);
    for (let i = 0; i < 1000; i++) expect(s.scan(stream.subarray(i, i + 1))).toBeUndefined();
  });

  it('refuses a packet over the limit from its header alone', () => {
    const s = new MqttHeaderScanner(LIMIT);
    expect(s.scan(connect('DEV00001'))).toBeUndefined();
    const big = publish('a', LIMIT);
    expect(s.scan(big.subarray(0, 2))).toBeUndefined(); // type byte + first varint byte: not decided yet
    expect(s.scan(big.subarray(2, 4))).toMatch(/packet of 20007 bytes \(limit 20000\)/);
  });

  it('refuses a huge CONNECT, a first packet that is not a CONNECT and a malformed length', () => {
    expect(new MqttHeaderScanner(LIMIT).scan(Buffer.from([0x10, ...varint(200 * 1024 * 1024), 0, 4]))).toMatch(/^packet of \d+ bytes/);
    expect(new MqttHeaderScanner(LIMIT).scan(publish('a', 1))).toBe('the first packet is not a CONNECT');
    const s = new MqttHeaderScanner(LIMIT);
    expect(s.scan(connect('DEV00001'))).toBeUndefined();
    expect(s.scan(Buffer.from([0x30, 0x80, 0x80, 0x80, 0x80, 0x01]))).toBe('malformed remaining length');
  });
});

describe('TokenBucket', () => {
  it('lets a burst through, then the rate', () => {
    let now = 0;
    const b = new TokenBucket(2, 5, () => now);
    expect(Array.from({ length: 6 }, () => b.take())).toEqual([true, true, true, true, true, false]);
    now += 500; // one token back at 2/s
    expect([b.take(), b.take()]).toEqual([true, false]);
    expect(b.full()).toBe(false);
    now += 10_000;
    expect(b.full()).toBe(true);
  });
});

describe('InflightWindow', () => {
  it('runs at most `max` tasks at once, the rest in arrival order, and passes results and errors through', async () => {
    const w = new InflightWindow(3);
    let running = 0;
    let peak = 0;
    const started: number[] = [];
    const gates: (() => void)[] = [];
    const results = Array.from({ length: 8 }, (_, i) =>
      w.run(async () => {
        started.push(i);
        peak = Math.max(peak, ++running);
        await new Promise<void>((r) => gates.push(r));
        running--;
        if (i === 5) throw new Error('five');
        return i;
      }),
    );
    const all = Promise.allSettled(results);
    expect(started).toEqual([0, 1, 2]);
    expect(w.size).toBe(8);
    while (gates.length) {
      gates.shift()!();
      await new Promise((r) => setImmediate(r));
    }
    const settled = await all;
    expect(settled.map((s) => (s.status === 'fulfilled' ? s.value : (s.reason as Error).message))).toEqual([0, 1, 2, 3, 4, 'five', 6, 7]);
    expect(started).toEqual([0, 1, 2, 3, 4, 5, 6, 7]);
    expect(peak).toBe(3);
    expect(w.size).toBe(0);
  });
});
