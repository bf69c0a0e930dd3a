import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/** Pixels per QR module in the picture handed to the decoder. */
const SCALE = 8;

/**
 * The text a QR code drawn as SVG by the qrcode package holds, read as a phone would: the picture is drawn in grey
 * (a PGM file; its dark modules are the path's horizontal strokes, "M x y h n m dx dy h n …") and decoded by zbarimg
 * (zbar-tools), so a code that only looks right fails.
 */
export function decodeQrSvg(svg: string): string {
  const size = Number(/viewBox="0 0 (\d+) \1"/.exec(svg)?.[1]);
  const d = /<path stroke="#000000" d="([^"]+)"/.exec(svg)?.[1];
  if (!size || !d) throw new Error(`not a QR code of the qrcode package: ${svg.slice(0, 120)}`);
  const width = size * SCALE;
  const pixels = Buffer.alloc(width * width, 255);
  let x = 0;
  let y = 0;
  for (const [, op, a, b] of d.matchAll(/([Mmh])(-?[\d.]+)(?: (-?[\d.]+))?/g)) {
    if (op === 'M') [x, y] = [Number(a), Number(b)];
    else if (op === 'm') [x, y] = [x + Number(a), y + Number(b)];
    else {
      const row = Math.floor(y);
      for (let col = x; col < x + Number(a); col++) {
        for (let py = row * SCALE; py < (row + 1) * SCALE; py++) pixels.fill(0, py * width + col * SCALE, py * width + (col + 1) * SCALE);
      }
      x += Number(a);
    }
  }
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'qr-')), 'code.pgm');
  fs.writeFileSync(file, Buffer.concat([Buffer.from(`P5 ${width} ${width} 255\n`), pixels]));
  try {
    return execFileSync('zbarimg', ['--raw', '--quiet', file], { encoding: 'utf8' }).replace(/\n$/, '');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') throw new Error('zbarimg is needed to read QR codes: apt-get install zbar-tools');
    throw error;
  } finally {
    fs.rmSync(path.dirname(file), { recursive: true, force: true });
  }
}
