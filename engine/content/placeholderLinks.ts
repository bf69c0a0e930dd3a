import { fromPointer, toPointer } from '../shared/jsonPointer.ts';
import type { SiteSettings } from '../types.ts';
import type { ParsedFile } from './contentModel.ts';
import { locate } from './jsonSource.ts';
import { type Problem, problem } from './problems.ts';

/**
 * Links that are not finished. Content marks one by writing `placeholder:` before its address in data/site.json's
 * links (`"evCourseForm": "placeholder:https://forms.gle/…"`): the site works with it while it is written and tested,
 * `npm run validate` and the editor show it as they show a ✎ text, and a production build refuses it. An address on a
 * host kept for examples (example.com, *.test, …) or naming itself a placeholder is treated the same, marked or not,
 * so an example copied from the documentation or a schema never reaches visitors either.
 */
export const PLACEHOLDER_MARK = 'placeholder:';

/** Hosts that exist only for examples and tests (RFC 2606, RFC 6761) and the example form link of the schemas. */
const EXAMPLE_HOSTS = ['example.com', 'example.org', 'example.net'];
const EXAMPLE_TLDS = ['example', 'invalid', 'test', 'localhost'];
const EXAMPLE_ADDRESSES = ['https://forms.gle/example'];

/** Why an address is not a real one yet, or undefined when nothing says so. */
export function placeholderReason(value: string): 'marked' | 'example' | undefined {
  if (value.startsWith(PLACEHOLDER_MARK)) return 'marked';
  if (!value.startsWith('https://')) return undefined;
  if (/placeholder/i.test(value) || EXAMPLE_ADDRESSES.some((a) => value === a || value.startsWith(`${a}/`) || value.startsWith(`${a}?`))) return 'example';
  let host: string;
  try {
    host = new URL(value).hostname.toLowerCase();
  } catch {
    return undefined;
  }
  if (host === 'localhost' || EXAMPLE_HOSTS.some((h) => host === h || host.endsWith(`.${h}`))) return 'example';
  const tld = host.slice(host.lastIndexOf('.') + 1);
  return EXAMPLE_TLDS.includes(tld) ? 'example' : undefined;
}

/** The address a link stands for, without its placeholder mark. */
export function unmarked(value: string): string {
  return value.startsWith(PLACEHOLDER_MARK) ? value.slice(PLACEHOLDER_MARK.length) : value;
}

/** The site's settings as the build uses them: every link its address, marks taken off (the problems say they are there). */
export function withoutPlaceholderMarks(site: SiteSettings): SiteSettings {
  if (!site || typeof site !== 'object' || !site.links || typeof site.links !== 'object') return site;
  return { ...site, links: Object.fromEntries(Object.entries(site.links).map(([name, value]) => [name, typeof value === 'string' ? unmarked(value) : value])) };
}

/** Placeholder links of one file: data/site.json's links, and the links of any file written straight to an example address. */
export function placeholderLinkProblems(parsed: ParsedFile): Problem[] {
  const out: Problem[] = [];
  const at = (segments: (string | number)[], value: string) => {
    const reason = placeholderReason(value);
    if (!reason) return;
    const place = { file: parsed.file.rel, ...locate(parsed.source, segments), pointer: toPointer(segments) };
    out.push(problem('PLACEHOLDER_LINK', place, { field: segments.map(String), value: unmarked(value), reason }));
  };
  if (parsed.file.kind === 'site') {
    const links = (parsed.source.value as { links?: unknown } | undefined)?.links;
    if (links && typeof links === 'object') for (const [name, value] of Object.entries(links)) if (typeof value === 'string') at(['links', name], value);
    // The merchant UPI ID payments go to: a production build (and so a production start) refuses the placeholder.
    const upiId = (parsed.source.value as { payments?: { upiId?: unknown } } | undefined)?.payments?.upiId;
    if (typeof upiId === 'string') at(['payments', 'upiId'], upiId);
  }
  for (const link of parsed.collected.links) {
    if (typeof link.value !== 'string') continue;
    at(fromPointer(link.pointer), link.value);
  }
  return out;
}
