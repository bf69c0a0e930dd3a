import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);
type IconNode = [string, Record<string, string>][];
const iconNodes = require('lucide-static/icon-nodes.json') as Record<string, IconNode>;

/** Deterministic pseudo-random numbers from a name, so the same name always draws the same picture. */
export function seededRandom(seed: string): () => number {
  let h = 1779033703 ^ seed.length;
  for (let i = 0; i < seed.length; i++) {
    h = Math.imul(h ^ seed.charCodeAt(i), 3432918353);
    h = (h << 13) | (h >>> 19);
  }
  let state = h >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export function escapeXml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

/** A Lucide icon (ISC licence) drawn at (x, y) with the given size, as SVG markup. */
export function icon(name: string, x: number, y: number, size: number, color: string, strokeWidth = 2): string {
  const nodes = iconNodes[name];
  if (!nodes) throw new Error(`No Lucide icon "${name}"`);
  const scale = size / 24;
  const children = nodes
    .map(
      ([tag, attrs]) =>
        `<${tag} ${Object.entries(attrs)
          .map(([k, v]) => `${k}="${escapeXml(String(v))}"`)
          .join(' ')}/>`,
    )
    .join('');
  return `<g transform="translate(${round(x)} ${round(y)}) scale(${round(scale)})" fill="none" stroke="${color}" stroke-width="${round(strokeWidth)}" stroke-linecap="round" stroke-linejoin="round">${children}</g>`;
}

export function round(n: number): number {
  return Math.round(n * 100) / 100;
}

export interface Palette {
  light: string;
  mid: string;
  deep: string;
  ink: string;
}

/** Soft pairs that sit with the site's blue and saffron. */
export const palettes: Palette[] = [
  { light: '#eef2ff', mid: '#c7d2fe', deep: '#4f46e5', ink: '#312e81' },
  { light: '#fff7ed', mid: '#fed7aa', deep: '#ea580c', ink: '#7c2d12' },
  { light: '#ecfdf5', mid: '#a7f3d0', deep: '#059669', ink: '#064e3b' },
  { light: '#fdf2f8', mid: '#fbcfe8', deep: '#db2777', ink: '#831843' },
  { light: '#f0f9ff', mid: '#bae6fd', deep: '#0284c7', ink: '#0c4a6e' },
  { light: '#f5f3ff', mid: '#ddd6fe', deep: '#7c3aed', ink: '#4c1d95' },
  { light: '#fefce8', mid: '#fde68a', deep: '#ca8a04', ink: '#713f12' },
  { light: '#f0fdfa', mid: '#99f6e4', deep: '#0d9488', ink: '#134e4a' },
];

export function paletteFor(seed: string, index?: number): Palette {
  const i = index ?? Math.floor(seededRandom(seed)() * palettes.length);
  return palettes[i % palettes.length]!;
}

export function svgDocument(width: number, height: number, body: string, title?: string): string {
  const label = title ? `<title>${escapeXml(title)}</title>` : '';
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${width} ${height}" width="${width}" height="${height}">${label}${body}</svg>\n`;
}
