import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { projectRoot } from '../../tooling/projectCopy.ts';

/**
 * Reads the figures of the product spec from the spec's own text. The project
 * keeps them in tests/fixtures/specFigures.json, and every test reads that
 * fixture, never a file outside the project. Given the spec's path in SPEC_FILE,
 * this parser checks the fixture against the spec, and rewrites it:
 *   SPEC_FILE=/path/to/spec.txt npx tsx tests/support/readSpec.ts --write
 */
export const SPEC_FILE = process.env['SPEC_FILE'] || undefined;

/** The spec's text when SPEC_FILE names it; otherwise undefined (a plain clone's tests never look outside the project). */
export function specText(): string | undefined {
  return SPEC_FILE ? fs.readFileSync(SPEC_FILE, 'utf8') : undefined;
}

function lineStarting(text: string, prefix: string): string {
  const clean = (l: string) => l.trim().replace(/^- /, '');
  const line = text.split('\n').find((l) => clean(l).startsWith(prefix));
  if (!line) throw new Error(`The spec has no line starting "${prefix}"`);
  return clean(line);
}

export interface CourseRow {
  name: string;
  oldPrice: number;
  newPrice: number;
  discount: number;
  weeks: number;
  weeklyHours: number | null;
  hours: string;
  projects: string | null;
  caseStudies: string | null;
}

export function courseTable(text: string): CourseRow[] {
  const rows: CourseRow[] = [];
  for (const line of text.split('\n')) {
    const cells = line.split('|').map((c) => c.trim());
    if (cells.length < 8 || !/^\d{1,3}(,\d{3})+$/.test(cells[2] ?? '')) continue;
    const [, name, old, neu, discount, weeks, weekly, hoursProjects] = cells as [string, string, string, string, string, string, string, string];
    const [hoursPart, secondPart] = hoursProjects.split('/').map((s) => s.trim());
    rows.push({
      name,
      oldPrice: Number(old.replace(/,/g, '')),
      newPrice: Number(neu.replace(/,/g, '')),
      discount: Number(discount.replace('%', '')),
      weeks: Number(weeks),
      weeklyHours: weekly === 'not shown' ? null : Number(weekly),
      hours: hoursPart!.replace(/ hours$/, ''),
      projects: secondPart && !secondPart.includes('case') ? secondPart : null,
      caseStudies: secondPart?.includes('case studies') ? secondPart.replace(/ case studies$/, '') : null,
    });
  }
  return rows;
}

export interface StipendFigure {
  label: string;
  stipend: number;
  weeks: number;
}

/** "Law: corporate 6000 (8), criminal 5000 (6), …" → [{label: 'corporate', stipend: 6000, weeks: 8}, …] */
function namedStipends(line: string): StipendFigure[] {
  const body = line.slice(line.indexOf(':') + 1);
  return [...body.matchAll(/([A-Za-z][A-Za-z /]*?) (\d{4,5}) \((\d+)\)/g)].map((m) => ({ label: m[1]!.trim(), stipend: Number(m[2]), weeks: Number(m[3]) }));
}

export function stipends(text: string): {
  law: StipendFigure[];
  engineering: StipendFigure[];
  bca: StipendFigure[];
  otherFields: StipendFigure[];
  agriculture: StipendFigure[];
} {
  const pattern = lineStarting(text, 'Other fields follow this pattern:');
  const agriculture = lineStarting(text, 'Agriculture, in role order:');
  return {
    law: namedStipends(lineStarting(text, 'Law: corporate')),
    engineering: namedStipends(lineStarting(text, 'BE/BTech/MTech: software')),
    bca: namedStipends(lineStarting(text, 'BCA: web development')),
    otherFields: [...pattern.matchAll(/(\d+) weeks at (\d+)/g)].map((m, i) => ({ label: `role ${i + 1}`, weeks: Number(m[1]), stipend: Number(m[2]) })),
    agriculture: [...agriculture.matchAll(/(\d+) weeks (\d+)/g)].map((m, i) => ({ label: `role ${i + 1}`, weeks: Number(m[1]), stipend: Number(m[2]) })),
  };
}

export interface JobFigure {
  role: string;
  experience: [number, number];
  salary: [number, number];
}

export function jobFigures(text: string): Record<string, JobFigure[]> {
  const parse = (line: string, separator: RegExp) =>
    [...line.slice(line.indexOf(':') + 1).matchAll(separator)].map((m) => ({
      role: m[1]!.trim(),
      experience: [Number(m[2]), Number(m[3])] as [number, number],
      salary: [Number(m[4]), Number(m[5])] as [number, number],
    }));
  const standard = /([A-Z][A-Za-z /]*?) (\d+)-(\d+)(?: years)?, (\d+)-(\d+)/g;
  return {
    'Architectural Jobs': parse(lineStarting(text, 'Architectural: Architect'), standard),
    'Developer Jobs': parse(lineStarting(text, 'Developer: Frontend'), standard),
    'Marketing Jobs': parse(lineStarting(text, 'Marketing: Digital'), standard),
    'HR Jobs': parse(lineStarting(text, 'HR: HR Generalist'), standard),
    'Content Writing Jobs': parse(lineStarting(text, 'Writing: Content Writer'), standard),
    'Graphic Design Jobs': parse(lineStarting(text, 'Graphic design (experience'), /([A-Z][A-Za-z /]*?) (\d+)-(\d+) and (\d+)-(\d+)/g),
  };
}

/** "15 (BE/BTech/MTech), 10 (BCA/MCA), … 20 for all others." */
export function seats(text: string): { byProgram: Record<string, number>; others: number } {
  const line = lineStarting(text, 'Seats per program on the enroll page:');
  const byProgram = Object.fromEntries([...line.matchAll(/(\d+) \(([^)]+)\)/g)].map((m) => [m[2]!, Number(m[1])]));
  return { byProgram, others: Number(/(\d+) for all others/.exec(line)![1]) };
}

export function referralFigures(text: string) {
  const leaderboard = lineStarting(text, 'Sample leaderboard:');
  const [referralsPart, earningsPart] = leaderboard.split('referrals with earnings');
  return {
    reward: Number(/Reward is (\d+) rupees/.exec(text)![1]),
    referrals: [...referralsPart!.matchAll(/\d+/g)].map((m) => Number(m[0])),
    earnings: [...earningsPart!.matchAll(/\d+/g)].map((m) => Number(m[0])),
    copiedMs: Number(/Copy confirmation lasts (\d+) seconds/.exec(text)![1]) * 1000,
  };
}

export function donationFigures(text: string) {
  const campaign = /Campaign: ([\d,]+) raised of a goal of ([\d,]+) \(bar at (\d+)%\)/.exec(text)!;
  const impact = lineStarting(text, 'Impact:')
    .replace(/^Impact: /, '')
    .replace(/\.$/, '');
  return {
    raised: campaign[1]!,
    goal: campaign[2]!,
    percent: Number(campaign[3]),
    impact: impact.split(', ').map((part) => part.split(' ')[0]!),
    imageSlider: {
      count: Number(/Auto-playing fading image slider \((\d+) images, every (\d+) ms, (\d+) ms transition\)/.exec(text)![1]),
      interval: Number(/fading image slider \(\d+ images, every (\d+) ms/.exec(text)![1]),
    },
    testimonialSlider: { interval: Number(/slider of \d+ testimonials, every (\d+) ms/.exec(text)![1]) },
  };
}

export function catalogueFigures(text: string) {
  const categories = [...lineStarting(text, 'Categories and id ranges:').matchAll(/([A-Za-z/() ]+?) \((\d+)-(\d+)\)/g)].map((m) => ({
    title: m[1]!.trim().replace(/^and /, ''),
    first: Number(m[2]),
    last: Number(m[3]),
  }));
  const price = /Catalogue course \(ids 1-68\) and the older detail pages: price (\d+) rupees, list price (\d+)/.exec(text)!;
  return {
    categories,
    price: Number(price[1]),
    listPrice: Number(price[2]),
    weeks: Number(/Duration (\d+) weeks, except Chatbot at (\d+) weeks/.exec(text)![1]),
    chatbotWeeks: Number(/except Chatbot at (\d+) weeks/.exec(text)![1]),
  };
}

/** Every figure the tests compare the site with, in the fixture's shape. */
export function figuresFromSpec(text: string) {
  return {
    courseTable: courseTable(text),
    stipends: stipends(text),
    jobFigures: jobFigures(text),
    seats: seats(text),
    referralFigures: referralFigures(text),
    donationFigures: donationFigures(text),
    catalogueFigures: catalogueFigures(text),
  };
}

export const FIXTURE_FILE = path.join(projectRoot, 'tests', 'fixtures', 'specFigures.json');

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href && process.argv.includes('--write')) {
  const text = specText();
  if (!text) throw new Error('Set SPEC_FILE to the path of the product spec.');
  const fixture = {
    $comment: `The figures of the product spec, read from its text by tests/support/readSpec.ts; the tests compare the site with these. Rewrite with: SPEC_FILE=<the spec> npx tsx tests/support/readSpec.ts --write`,
    ...figuresFromSpec(text),
  };
  fs.writeFileSync(FIXTURE_FILE, `${JSON.stringify(fixture, null, 2)}\n`);
  console.log(`wrote ${path.relative(projectRoot, FIXTURE_FILE)}`);
}
