import { createHash } from 'node:crypto';
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

/** What the release being served was published with: each document's SHA-256 and the links that were placeholders then. */
export interface PublishedFacts {
  sources: Record<string, string>;
  placeholders: string[];
}

/** The SHA-256 of a document's text, as a release records it (PublishedFacts.sources). */
export function sourceHash(text: string): string {
  return createHash('sha256').update(text).digest('hex');
}

/** Where a document uses the site's link `name` ("setting:name"): the JSON path of each use. */
function usesOf(value: unknown, name: string, at: (string | number)[] = []): (string | number)[][] {
  if (value === `setting:${name}`) return [at];
  if (Array.isArray(value)) return value.flatMap((item, i) => usesOf(item, name, [...at, i]));
  if (value && typeof value === 'object') return Object.entries(value).flatMap(([key, item]) => usesOf(item, name, [...at, key]));
  return [];
}

/**
 * What placeholder links stop a production build, given what the live release was published with (issue 37: Publish on
 * a fresh clone refused every change for seven form links in Site settings that the editor does not own). A link stops
 * only the documents that use it (each named at the field that uses it) and that are new or changed since the live
 * release: a document already live unchanged is not made worse by publishing. A link that was not a placeholder in the
 * live release (or none is live, or it does not say) stops every document that uses it, and itself in Site settings.
 * A link written straight into a document (an example address) stops that document when it is new or changed.
 */
export function placeholderStops(parsedFiles: readonly ParsedFile[], linkProblems: readonly Problem[], published: PublishedFacts | undefined): Problem[] {
  const changed = (parsed: ParsedFile) => published?.sources[parsed.file.rel] !== sourceHash(parsed.source.text);
  const out: Problem[] = [];
  for (const link of linkProblems) {
    const parsed = parsedFiles.find((p) => p.file.rel === link.file);
    if (!parsed) continue;
    const name = parsed.file.kind === 'site' && link.pointer.startsWith('/links/') ? link.pointer.slice('/links/'.length) : undefined;
    if (name === undefined) {
      // The UPI ID, or an address written straight into a document: that document's own.
      // The UPI ID is where payments go: its placeholder stops every production build, live or not.
      if (parsed.file.kind === 'site' || changed(parsed)) out.push(link);
      continue;
    }
    const newlyPlaceholder = !published?.placeholders.includes(link.pointer);
    if (newlyPlaceholder) out.push(link);
    for (const user of parsedFiles) {
      if (user === parsed || (!newlyPlaceholder && !changed(user))) continue;
      for (const segments of usesOf(user.source.value, name)) {
        const place = { file: user.file.rel, ...locate(user.source, segments), pointer: toPointer(segments) };
        out.push(
          problem('PLACEHOLDER_LINK_USED', place, {
            field: segments.map(String),
            link: name,
            value: unmarked(String((parsed.source.value as { links: Record<string, string> }).links[name])),
          }),
        );
      }
    }
  }
  return out;
}
