/**
 * The demo orders' pictures (issue 18: a first start shows orders with real files): a roof with its panels, the meter
 * board and four hand-drawn signatures, drawn here as small PNGs (no image library on the server) and stored through
 * the storage module's public entry like any upload.
 */
import { deflateSync } from 'node:zlib';

type Rgb = readonly [number, number, number];

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
function crc32(buf: Buffer): number {
  let c = 0xffffffff;
  for (const b of buf) c = CRC_TABLE[(c ^ b) & 0xff]! ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}
function chunk(type: string, data: Buffer): Buffer {
  const len = Buffer.alloc(4);
  len.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([len, body, crc]);
}

/** An RGB PNG whose pixel (x, y) is `paint(x, y)`. */
export function png(width: number, height: number, paint: (x: number, y: number) => Rgb): Buffer {
  const raw = Buffer.alloc((width * 3 + 1) * height);
  for (let y = 0; y < height; y++) {
    const row = y * (width * 3 + 1);
    raw[row] = 0; // filter: none
    for (let x = 0; x < width; x++) {
      const [r, g, b] = paint(x, y);
      raw.set([r, g, b], row + 1 + x * 3);
    }
  }
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr.set([8, 2, 0, 0, 0], 8); // 8 bits, truecolour, deflate, no filter, no interlace
  return Buffer.concat([Buffer.from([137, 80, 78, 71, 13, 10, 26, 10]), chunk('IHDR', ihdr), chunk('IDAT', deflateSync(raw)), chunk('IEND', Buffer.alloc(0))]);
}

const mix = (a: Rgb, b: Rgb, t: number): Rgb => [0, 1, 2].map((i) => Math.round(a[i]! + (b[i]! - a[i]!) * t)) as unknown as Rgb;

/** A pitched roof under a sky, with a 3 × 4 array of panels; `seed` shifts the light and the roof. */
function roof(seed: number): Buffer {
  const W = 480;
  const H = 320;
  const ridge = 90 + seed * 10;
  return png(W, H, (x, y) => {
    const eave = 250;
    const inRoof = y > ridge && y < eave && Math.abs(x - W / 2) < 60 + ((y - ridge) / (eave - ridge)) * 170;
    if (!inRoof) return y < eave ? mix([120, 170, 230], [225, 238, 250], y / eave) : [96, 128, 72];
    const px = (x - 110) / 65;
    const py = (y - ridge - 30) / 38;
    const onPanel = px >= 0 && px < 4 && py >= 0 && py < 3 && (px % 1) < 0.92 && (py % 1) < 0.9;
    if (onPanel) return (x + y) % 9 === 0 ? [70, 90, 140] : [28, 44, 92];
    return seed % 2 ? [150, 70, 55] : [120, 110, 105];
  });
}

/** A meter board: a grey cabinet with a meter and a row of breakers. */
function meterBoard(): Buffer {
  return png(360, 480, (x, y) => {
    const inBox = x > 40 && x < 320 && y > 40 && y < 440;
    if (!inBox) return [220, 214, 200];
    if (x > 110 && x < 250 && y > 80 && y < 190) return y > 120 && y < 150 && x > 130 && x < 230 ? [40, 60, 40] : [235, 235, 230];
    if (y > 260 && y < 330 && (x - 70) % 40 < 26 && x > 70 && x < 300) return [245, 245, 245];
    return [170, 175, 180];
  });
}

/** A signature: a dark flowing stroke on white, its shape from `seed`. */
function signature(seed: number): Buffer {
  const W = 360;
  const H = 120;
  const curve = (x: number) => H / 2 + Math.sin(x / (14 + seed * 3)) * (22 + seed * 4) * Math.sin((x + seed * 40) / 90) + Math.cos(x / 7) * 4;
  return png(W, H, (x, y) => {
    if (x < 24 || x > W - 30) return [255, 255, 255];
    const d = Math.abs(y - curve(x));
    return d < 1.6 ? [25, 25, 35] : d < 2.4 ? [150, 150, 160] : [255, 255, 255];
  });
}

/** The demo's pictures, by the name the demo forms refer to them with. */
export function demoPictures(): { key: string; name: string; data: Buffer }[] {
  return [
    { key: 'roof-1', name: 'roof-south.png', data: roof(0) },
    { key: 'roof-2', name: 'roof-east.png', data: roof(1) },
    { key: 'meter-board', name: 'meter-board.png', data: meterBoard() },
    { key: 'sign-owner', name: 'signature-owner.png', data: signature(1) },
    { key: 'sign-technician', name: 'signature-technician.png', data: signature(2) },
    { key: 'sign-electrician', name: 'signature-electrician.png', data: signature(3) },
    { key: 'sign-landlord', name: 'signature-landlord.png', data: signature(4) },
  ];
}
