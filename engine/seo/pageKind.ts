import type { ResolvedPage } from '../types.ts';

export type PageKind = 'home' | 'internship' | 'job' | 'course' | 'certificate' | 'page';

/** What a page is about, from the sections it holds: chooses its share image. */
export function pageKind(page: Pick<ResolvedPage, 'path' | 'sections'>): PageKind {
  if (page.path === '/') return 'home';
  const types = new Set(page.sections.map((s) => s.type));
  if (types.has('roleSelector') || types.has('internshipPrograms') || types.has('internshipFinder') || types.has('enrollPrograms')) return 'internship';
  if (types.has('jobRoleSelector') || types.has('jobOpenings') || types.has('jobOpening')) return 'job';
  if (types.has('courseDetail') || types.has('courseCatalogue') || types.has('enrollmentForm')) return 'course';
  if (types.has('verifyForm') || types.has('certificateDetails')) return 'certificate';
  return 'page';
}

export const SHARE_IMAGE_SIZE = { width: 1200, height: 630 } as const;

export function shareImagePath(kind: PageKind): string {
  return `/images/share/${kind}.jpg`;
}
