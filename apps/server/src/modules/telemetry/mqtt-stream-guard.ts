/**
 * The byte stream in front of aedes. aedes' parser (mqtt-packet) buffers a packet whole before it looks at it, so a
 * client that declares a 200 MB packet — even an unauthenticated CONNECT — makes the broker hold whatever it sends.
 * This guard reads only the fixed header of every packet (type byte + remaining-length varint) as the bytes arrive
 * and closes the connection the moment a header announces more than the limit, or the first packet is not a
 * CONNECT, or the varint is malformed; nothing of such a packet is passed on. Reading follows aedes' pace
 * (backpressure: the socket is paused while aedes has not taken what was passed on).
 */
import { Duplex } from 'node:stream';
import type { Socket } from 'node:net';

/** Where the scan is: at a packet's type byte, in its remaining-length varint, or in its body. */
const Stage = { Type: 0, Length: 1, Body: 2 } as const;
type Stage = (typeof Stage)[keyof typeof Stage];

/** Follows MQTT packet boundaries through a byte stream, reading only each packet's fixed header. */
export class MqttHeaderScanner {
  private stage: Stage = Stage.Type;
  private first = true;
  private length = 0;
  private multiplier = 1;
  private lengthBytes = 0;
  private left = 0;

  constructor(private readonly maxPacketBytes: number) {}

  /** Scans the next `chunk` of the stream; returns why the stream must be cut, if it must. */
  scan(chunk: Uint8Array): string | undefined {
    let i = 0;
    while (i < chunk.length) {
      if (this.stage === Stage.Body) {
        const n = Math.min(this.left, chunk.length - i);
        i += n;
        this.left -= n;
        if (this.left === 0) this.stage = Stage.Type;
        continue;
      }
      const b = chunk[i++]!;
      if (this.stage === Stage.Type) {
        if (this.first && b >> 4 !== 1) return 'the first packet is not a CONNECT';
        this.first = false;
        this.stage = Stage.Length;
        this.length = 0;
        this.multiplier = 1;
        this.lengthBytes = 0;
        continue;
      }
      this.length += (b & 0x7f) * this.multiplier;
      this.multiplier *= 128;
      this.lengthBytes++;
      if (b & 0x80) {
        if (this.lengthBytes === 4) return 'malformed remaining length';
        continue;
      }
      const total = 1 + this.lengthBytes + this.length;
      if (total > this.maxPacketBytes) return `packet of ${total} bytes (limit ${this.maxPacketBytes})`;
      this.left = this.length;
      this.stage = this.left === 0 ? Stage.Type : Stage.Body;
    }
    return undefined;
  }
}

export class MqttStreamGuard extends Duplex {
  private readonly scanner: MqttHeaderScanner;
  private refused = false;

  constructor(
    private readonly socket: Socket,
    maxPacketBytes: number,
    /** Called once when the guard closes the connection, with why. */
    private readonly onRefuse: (detail: string) => void,
  ) {
    super({ allowHalfOpen: false, readableHighWaterMark: socket.readableHighWaterMark, writableHighWaterMark: socket.writableHighWaterMark });
    this.scanner = new MqttHeaderScanner(maxPacketBytes);
    socket.on('data', (chunk: Buffer) => {
      if (this.refused) return;
      const violation = this.scanner.scan(chunk);
      if (violation) return this.refuse(violation);
      if (!this.push(chunk)) socket.pause();
    });
    socket.on('end', () => this.push(null));
    socket.on('error', (err) => this.destroy(err));
    socket.on('close', () => {
      if (!this.destroyed) this.destroy();
    });
  }

  private refuse(detail: string): void {
    this.refused = true;
    this.socket.destroy();
    try {
      this.onRefuse(detail);
    } finally {
      this.destroy();
    }
  }

  override _read(): void {
    if (!this.refused) this.socket.resume();
  }

  override _write(chunk: Buffer, _enc: BufferEncoding, cb: (err?: Error | null) => void): void {
    this.socket.write(chunk, cb);
  }

  override _writev(chunks: { chunk: Buffer }[], cb: (err?: Error | null) => void): void {
    this.socket.write(chunks.length === 1 ? chunks[0]!.chunk : Buffer.concat(chunks.map((c) => c.chunk)), cb);
  }

  override _final(cb: (err?: Error | null) => void): void {
    this.socket.end(cb);
  }

  override _destroy(err: Error | null, cb: (err?: Error | null) => void): void {
    this.socket.destroy();
    cb(err);
  }
}
