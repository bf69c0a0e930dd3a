import type { ComponentType } from 'react';
import type { SectionMap, SectionType } from '../types.ts';

/**
 * One entry per section type, each loaded on demand so a page only downloads
 * the code of the sections it shows. The mapped type makes a section schema
 * without a component, or a component whose props drift from its schema, a
 * compile error.
 */
export type SectionModule<K extends SectionType> = { default: ComponentType<SectionMap[K]> };
export type SectionRegistry = { readonly [K in SectionType]: () => Promise<SectionModule<K>> };

export const registry: SectionRegistry = {
  cardGrid: () => import('../sections/CardGrid/CardGrid.tsx'),
  certificateDetails: () => import('../sections/CertificateDetails/CertificateDetails.tsx'),
  contactForm: () => import('../sections/ContactForm/ContactForm.tsx'),
  courseCatalogue: () => import('../sections/CourseCatalogue/CourseCatalogue.tsx'),
  courseDetail: () => import('../sections/CourseDetail/CourseDetail.tsx'),
  courseStrip: () => import('../sections/CourseStrip/CourseStrip.tsx'),
  cta: () => import('../sections/Cta/Cta.tsx'),
  downloads: () => import('../sections/Downloads/Downloads.tsx'),
  enrollmentForm: () => import('../sections/EnrollmentForm/EnrollmentForm.tsx'),
  enrollPrograms: () => import('../sections/EnrollPrograms/EnrollPrograms.tsx'),
  faq: () => import('../sections/Faq/Faq.tsx'),
  gallery: () => import('../sections/Gallery/Gallery.tsx'),
  hero: () => import('../sections/Hero/Hero.tsx'),
  internshipFinder: () => import('../sections/InternshipFinder/InternshipFinder.tsx'),
  internshipPrograms: () => import('../sections/InternshipPrograms/InternshipPrograms.tsx'),
  jobOpening: () => import('../sections/JobOpening/JobOpening.tsx'),
  jobOpenings: () => import('../sections/JobOpenings/JobOpenings.tsx'),
  jobRoleSelector: () => import('../sections/JobRoleSelector/JobRoleSelector.tsx'),
  loginForm: () => import('../sections/LoginForm/LoginForm.tsx'),
  logoRow: () => import('../sections/LogoRow/LogoRow.tsx'),
  progress: () => import('../sections/Progress/Progress.tsx'),
  prose: () => import('../sections/Prose/Prose.tsx'),
  referral: () => import('../sections/Referral/Referral.tsx'),
  roleSelector: () => import('../sections/RoleSelector/RoleSelector.tsx'),
  searchResults: () => import('../sections/SearchResults/SearchResults.tsx'),
  signupForm: () => import('../sections/SignupForm/SignupForm.tsx'),
  slider: () => import('../sections/Slider/Slider.tsx'),
  stats: () => import('../sections/Stats/Stats.tsx'),
  table: () => import('../sections/Table/Table.tsx'),
  team: () => import('../sections/Team/Team.tsx'),
  testimonialSlider: () => import('../sections/TestimonialSlider/TestimonialSlider.tsx'),
  testimonials: () => import('../sections/Testimonials/Testimonials.tsx'),
  thankYou: () => import('../sections/ThankYou/ThankYou.tsx'),
  verifyForm: () => import('../sections/VerifyForm/VerifyForm.tsx'),
  videos: () => import('../sections/Videos/Videos.tsx'),
};

type LoadedMap = { [K in SectionType]?: ComponentType<SectionMap[K]> };
const loaded: LoadedMap = {};
const pending = new Map<SectionType, Promise<void>>();

function loadOne<K extends SectionType>(type: K): Promise<void> {
  if (loaded[type]) return Promise.resolve();
  let promise = pending.get(type);
  if (!promise) {
    promise = registry[type]().then((module) => {
      (loaded as Record<K, ComponentType<SectionMap[K]>>)[type] = module.default;
    });
    pending.set(type, promise);
    promise.catch(() => pending.delete(type));
  }
  return promise;
}

export function loadSections(types: readonly SectionType[]): Promise<void> {
  return Promise.all(types.map((type) => loadOne(type))).then(() => undefined);
}

export function sectionsLoaded(types: readonly SectionType[]): boolean {
  return types.every((type) => loaded[type] !== undefined);
}

export function loadedSection<K extends SectionType>(type: K): ComponentType<SectionMap[K]> {
  const component = loaded[type];
  if (!component) throw new Error(`Section "${type}" was rendered before its code was loaded.`);
  return component as ComponentType<SectionMap[K]>;
}
