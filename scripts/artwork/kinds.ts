import { escapeXml, icon, type Palette, paletteFor, round, seededRandom, svgDocument } from './svg.ts';

const FONT = 'font-family="system-ui, -apple-system, \'Segoe UI\', Roboto, sans-serif"';

/** A scene: a soft gradient, floating shapes and a card with a large icon; used for roles, courses and programs. */
export function illustration(seed: string, mainIcon: string, extras: string[] = [], paletteIndex?: number): string {
  const p = paletteFor(seed, paletteIndex);
  const rand = seededRandom(seed);
  const w = 640;
  const h = 400;
  const shapes: string[] = [];
  for (let i = 0; i < 5; i++) {
    const r = 30 + rand() * 90;
    shapes.push(
      `<circle cx="${round(rand() * w)}" cy="${round(rand() * h)}" r="${round(r)}" fill="${i % 2 ? p.mid : '#ffffff'}" opacity="${round(0.25 + rand() * 0.35)}"/>`,
    );
  }
  const dots: string[] = [];
  const dx = 40 + rand() * 60;
  const dy = 40 + rand() * 40;
  for (let r = 0; r < 4; r++)
    for (let c = 0; c < 5; c++) dots.push(`<circle cx="${round(dx + c * 14)}" cy="${round(dy + r * 14)}" r="2.2" fill="${p.deep}" opacity=".35"/>`);
  const card = `<rect x="220" y="90" width="200" height="200" rx="36" fill="#ffffff" opacity=".96"/><rect x="220" y="90" width="200" height="200" rx="36" fill="none" stroke="${p.mid}" stroke-width="3"/>`;
  const main = icon(mainIcon, 260, 130, 120, p.deep, 1.6);
  const small = extras.slice(0, 2).map((name, i) => {
    const cx = i === 0 ? 470 : 170;
    const cy = i === 0 ? 110 : 300;
    return `<circle cx="${cx}" cy="${cy}" r="38" fill="#ffffff"/><circle cx="${cx}" cy="${cy}" r="38" fill="none" stroke="${p.mid}" stroke-width="2"/>${icon(name, cx - 20, cy - 20, 40, p.ink, 2)}`;
  });
  const shadow = `<ellipse cx="320" cy="312" rx="110" ry="10" fill="${p.ink}" opacity=".12"/>`;
  const body = `<defs><linearGradient id="bg" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${p.light}"/><stop offset="1" stop-color="${p.mid}"/></linearGradient></defs><rect width="${w}" height="${h}" fill="url(#bg)"/>${shapes.join('')}${dots.join('')}${shadow}${card}${main}${small.join('')}`;
  return svgDocument(w, h, body);
}

/** A video poster: an illustration with a play button. */
export function poster(seed: string, mainIcon: string, paletteIndex?: number): string {
  const base = illustration(seed, mainIcon, [], paletteIndex).replace('</svg>\n', '');
  const p = paletteFor(seed, paletteIndex);
  return `${base}<circle cx="420" cy="270" r="40" fill="${p.ink}" opacity=".88"/><path d="M408 250 L440 270 L408 290 Z" fill="#ffffff"/></svg>\n`;
}

/** A person's picture: initials on a coloured disc with a soft silhouette. */
export function avatar(name: string): string {
  const p = paletteFor(name);
  const initials = name
    .split(/\s+/)
    .filter(Boolean)
    .map((part) => part[0]!.toUpperCase())
    .slice(0, 2)
    .join('');
  const body = `<rect width="160" height="160" rx="80" fill="${p.mid}"/><circle cx="80" cy="64" r="30" fill="${p.light}" opacity=".7"/><path d="M26 148 C34 108 126 108 134 148 Z" fill="${p.light}" opacity=".7"/><text x="80" y="92" text-anchor="middle" ${FONT} font-size="48" font-weight="700" fill="${p.ink}">${escapeXml(initials)}</text>`;
  return svgDocument(160, 160, body);
}

/** A neutral badge naming a body we are registered with (not the body's own trademark). */
export function registrationBadge(name: string, caption: string, badgeIcon: string, paletteIndex: number): string {
  const p: Palette = paletteFor(name, paletteIndex);
  const size = name.length > 12 ? 19 : name.length > 8 ? 22 : 28;
  const body = `<rect x="2" y="2" width="276" height="96" rx="18" fill="#ffffff" stroke="${p.mid}" stroke-width="3"/><circle cx="52" cy="50" r="32" fill="${p.light}" stroke="${p.mid}" stroke-width="2"/>${icon(badgeIcon, 34, 32, 36, p.deep, 2)}<text x="96" y="${caption ? 50 : 60}" ${FONT} font-size="${size}" font-weight="800" fill="${p.ink}">${escapeXml(name)}</text>${caption ? `<text x="96" y="74" ${FONT} font-size="14" font-weight="600" fill="#475569">${escapeXml(caption)}</text>` : ''}`;
  return svgDocument(280, 100, body);
}

/** A small standalone icon for cards, in a tinted rounded square. */
export function cardIcon(name: string, paletteIndex: number): string {
  const p = paletteFor(name, paletteIndex);
  return svgDocument(64, 64, `<rect width="64" height="64" rx="16" fill="${p.light}"/>${icon(name, 16, 16, 32, p.deep, 2)}`);
}

export function brandLogo(name: string): string {
  const body = `<defs><linearGradient id="lg" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#2447c7"/><stop offset="1" stop-color="#6d28d9"/></linearGradient></defs><rect width="48" height="48" rx="12" fill="url(#lg)"/>${icon('graduation-cap', 8, 8, 32, '#ffffff', 2)}<circle cx="41" cy="9" r="5" fill="#f97316"/><text x="60" y="33" ${FONT} font-size="26" font-weight="800" fill="#0f172a" letter-spacing="-0.5">${escapeXml(name)}</text>`;
  return svgDocument(60 + name.length * 15, 48, body);
}

/** Sample documents: an offer letter (portrait) and an internship certificate (landscape), with placeholder names. */
export function offerLetter(brand: string): string {
  const lines = Array.from(
    { length: 9 },
    (_, i) => `<rect x="70" y="${300 + i * 26}" width="${i % 3 === 2 ? 300 : 460}" height="9" rx="4" fill="#cbd5e1"/>`,
  ).join('');
  const body = `<rect width="600" height="800" fill="#ffffff"/><rect x="16" y="16" width="568" height="768" fill="none" stroke="#c7d2fe" stroke-width="4"/><rect x="16" y="16" width="568" height="110" fill="#eef2ff"/><rect x="50" y="46" width="50" height="50" rx="12" fill="#2447c7"/>${icon('graduation-cap', 58, 54, 34, '#ffffff', 2)}<text x="116" y="80" ${FONT} font-size="28" font-weight="800" fill="#1e3a8a">${escapeXml(brand)}</text><text x="70" y="190" ${FONT} font-size="30" font-weight="800" fill="#0f172a">Offer Letter</text><text x="70" y="230" ${FONT} font-size="17" fill="#334155">Dear Student Name,</text><text x="70" y="262" ${FONT} font-size="15" fill="#475569">We are pleased to offer you an online internship.</text>${lines}<text x="70" y="620" ${FONT} font-size="15" fill="#475569">Date: 05 March 2025</text><path d="M380 660 q30 -40 60 0 t60 0" fill="none" stroke="#1e3a8a" stroke-width="3"/><rect x="370" y="680" width="160" height="2" fill="#94a3b8"/><text x="370" y="704" ${FONT} font-size="14" fill="#475569">Program Director</text><circle cx="150" cy="690" r="44" fill="none" stroke="#f97316" stroke-width="4"/><text x="150" y="696" text-anchor="middle" ${FONT} font-size="13" font-weight="800" fill="#c2410c">VERIFIED</text>`;
  return svgDocument(600, 800, body);
}

export function certificate(brand: string): string {
  const body = `<rect width="800" height="566" fill="#fffdf7"/><rect x="14" y="14" width="772" height="538" fill="none" stroke="#2447c7" stroke-width="6"/><rect x="30" y="30" width="740" height="506" fill="none" stroke="#f97316" stroke-width="2"/><rect x="362" y="52" width="76" height="76" rx="18" fill="#2447c7"/>${icon('graduation-cap', 376, 66, 48, '#ffffff', 2)}<text x="400" y="170" text-anchor="middle" ${FONT} font-size="22" font-weight="700" fill="#1e3a8a">${escapeXml(brand)}</text><text x="400" y="222" text-anchor="middle" ${FONT} font-size="38" font-weight="800" fill="#0f172a">Certificate of Internship</text><text x="400" y="262" text-anchor="middle" ${FONT} font-size="17" fill="#475569">This is to certify that</text><text x="400" y="310" text-anchor="middle" ${FONT} font-size="34" font-weight="700" fill="#1e3a8a" font-style="italic">Student Name</text><rect x="240" y="324" width="320" height="2" fill="#cbd5e1"/><text x="400" y="360" text-anchor="middle" ${FONT} font-size="16" fill="#475569">has completed an 8-week online internship in Web Development</text><text x="400" y="384" text-anchor="middle" ${FONT} font-size="14" fill="#64748b">Certificate ID: IC25/123456 · Verify at /certificate-verification</text><circle cx="400" cy="462" r="42" fill="none" stroke="#f97316" stroke-width="4"/>${icon('award', 380, 442, 40, '#c2410c', 2)}<path d="M110 470 q25 -35 50 0 t50 0" fill="none" stroke="#1e3a8a" stroke-width="3"/><rect x="100" y="486" width="170" height="2" fill="#94a3b8"/><text x="100" y="508" ${FONT} font-size="14" fill="#475569">Head of Programs</text><path d="M560 470 q25 -35 50 0 t50 0" fill="none" stroke="#1e3a8a" stroke-width="3"/><rect x="530" y="486" width="170" height="2" fill="#94a3b8"/><text x="530" y="508" ${FONT} font-size="14" fill="#475569">Founder and Director</text>`;
  return svgDocument(800, 566, body);
}

/** A signature for the printed certificate: a flowing pen line drawn from the signatory's name (the same name, the same line). */
export function signature(name: string): string {
  const rand = seededRandom(`signature:${name}`);
  const strokes = Math.min(12, Math.max(7, name.replace(/\s/g, '').length - 1));
  const base = 60;
  let x = 16;
  let d = `M${x} ${base + 4}`;
  for (let i = 0; i < strokes; i++) {
    const w = 14 + rand() * 9;
    const top = i === 0 || rand() < 0.25 ? 10 + rand() * 10 : 28 + rand() * 16;
    const bottom = rand() < 0.3 ? base + 12 + rand() * 12 : base - rand() * 6;
    d += ` C${round(x + w * 0.15)} ${round(base - 8)} ${round(x + w * 0.25)} ${round(top)} ${round(x + w * 0.45)} ${round(top)}`;
    d += ` C${round(x + w * 0.7)} ${round(top)} ${round(x + w * 0.5)} ${round(bottom)} ${round(x + w)} ${round(bottom - 4)}`;
    x += w;
  }
  const width = Math.ceil(x + 20);
  const flourish = `M${round(10 + rand() * 20)} ${base + 20} C${round(width * 0.35)} ${base + 8} ${round(width * 0.65)} ${base + 30} ${width - 8} ${base + 12}`;
  const ink = '#1e3a8a';
  const body = `<path d="${d}" fill="none" stroke="${ink}" stroke-width="2.6" stroke-linecap="round" stroke-linejoin="round"/><path d="${flourish}" fill="none" stroke="${ink}" stroke-width="2" stroke-linecap="round"/>`;
  return svgDocument(width, 100, body);
}

/** The certificate's seal: a saffron rosette with the award mark and the brand. */
export function seal(brand: string): string {
  const points: string[] = [];
  for (let i = 0; i < 48; i++) {
    const angle = (Math.PI * 2 * i) / 48;
    const r = i % 2 ? 70 : 78;
    points.push(`${round(80 + r * Math.cos(angle))},${round(80 + r * Math.sin(angle))}`);
  }
  const body = `<polygon points="${points.join(' ')}" fill="#fed7aa" stroke="#ea580c" stroke-width="2"/><circle cx="80" cy="80" r="60" fill="#fffdf7" stroke="#c2410c" stroke-width="3"/><circle cx="80" cy="80" r="53" fill="none" stroke="#f97316" stroke-width="1.5" stroke-dasharray="4 3"/>${icon('award', 58, 34, 44, '#c2410c', 2)}<text x="80" y="100" text-anchor="middle" ${FONT} font-size="14" font-weight="800" fill="#9a3412">${escapeXml(brand)}</text><text x="80" y="116" text-anchor="middle" ${FONT} font-size="10" font-weight="700" fill="#9a3412" letter-spacing="2">CERTIFIED</text>`;
  return svgDocument(160, 160, body);
}

/** Footer and contact-page social icons: Simple Icons (CC0) paths, and a drawn mark where none is offered. */
export function socialIcon(path: string, color: string): string {
  return svgDocument(24, 24, `<path d="${path}" fill="${color}"/>`);
}
