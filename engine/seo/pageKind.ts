import type { PageKind } from '../types.ts';

/** When a page holds sections of several kinds, the first of these names it. */
const PRECEDENCE: readonly PageKind[] = ['internship', 'job', 'course', 'certificate'];

/** What a page is about, from the kinds its sections declare: chooses its share image. */
export function pageKindOf(path: string, sectionKinds: Iterable<PageKind | undefined>): PageKind {
  if (path === '/') return 'home';
  const kinds = new Set(sectionKinds);
  return PRECEDENCE.find((kind) => kinds.has(kind)) ?? 'page';
}

export const SHARE_IMAGE_SIZE = { width: 1200, height: 630 } as const;

export function shareImagePath(kind: PageKind): string {
  return `/images/share/${kind}.jpg`;
}
