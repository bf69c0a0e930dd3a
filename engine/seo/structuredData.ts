import type { CourseDetail, JobOpening, ResolvedPage, SiteModel } from '../types.ts';

type JsonLd = Record<string, unknown>;

/**
 * The schema.org markup of a page, built from the same resolved content the
 * page renders, so the markup never says anything the page does not show.
 */
export function structuredData(page: ResolvedPage, site: SiteModel): JsonLd[] {
  const { settings } = site;
  const origin = settings.siteUrl;
  const absolute = (path: string) => origin + encodeURI(path);
  const organization: JsonLd = {
    '@type': 'Organization',
    name: settings.name,
    url: origin,
    logo: `${origin}/images/brand/logo-square.png`,
  };
  const out: JsonLd[] = [];

  if (page.path === '/') {
    out.push({
      '@context': 'https://schema.org',
      ...organization,
      '@id': `${origin}/#organization`,
      email: settings.contact.email,
      telephone: settings.contact.phone,
      ...(settings.contact.address ? { address: { '@type': 'PostalAddress', streetAddress: settings.contact.address, addressCountry: 'IN' } } : {}),
      sameAs: settings.social.map((s) => s.href).filter((href) => href.startsWith('https://')),
    });
    const searchPage = site.routes.find((r) => r.sectionTypes.includes('searchResults'));
    out.push({
      '@context': 'https://schema.org',
      '@type': 'WebSite',
      '@id': `${origin}/#website`,
      name: settings.name,
      url: origin,
      publisher: { '@id': `${origin}/#organization` },
      ...(searchPage
        ? { potentialAction: { '@type': 'SearchAction', target: { '@type': 'EntryPoint', urlTemplate: `${absolute(searchPage.path)}?q={search_term_string}` }, 'query-input': 'required name=search_term_string' } }
        : {}),
    });
  }

  if (page.breadcrumbs.length > 1 && page.index) {
    out.push({
      '@context': 'https://schema.org',
      '@type': 'BreadcrumbList',
      itemListElement: page.breadcrumbs.map((crumb, i) => ({ '@type': 'ListItem', position: i + 1, name: crumb.label, item: absolute(crumb.path) })),
    });
  }

  for (const section of page.sections) {
    if (section.type === 'courseDetail') {
      const builtIn = page.entities.courseDetails?.[section.courseId];
      if (!builtIn) continue;
      const course: CourseDetail = { ...builtIn, ...section.courseDetails };
      const hours = Number.parseInt(course.totalHours, 10);
      out.push({
        '@context': 'https://schema.org',
        '@type': 'Course',
        name: course.title,
        description: course.description,
        url: page.canonicalUrl,
        image: absolute(course.image),
        provider: organization,
        offers: { '@type': 'Offer', category: 'Paid', price: course.newPrice, priceCurrency: 'INR', url: page.canonicalUrl },
        hasCourseInstance: {
          '@type': 'CourseInstance',
          courseMode: 'Online',
          ...(course.weeklyClassHours
            ? { courseSchedule: { '@type': 'Schedule', duration: `PT${course.weeklyClassHours}H`, repeatFrequency: 'Weekly', repeatCount: course.durationWeeks } }
            : { courseWorkload: `PT${hours}H` }),
          instructor: { '@type': 'Person', name: course.instructor.name, description: course.instructor.bio },
        },
      });
    }
    if (section.type === 'courseCatalogue' && section.includeProfessional && page.derived.professionalCourses?.length) {
      out.push({
        '@context': 'https://schema.org',
        '@type': 'ItemList',
        name: section.title,
        itemListElement: page.derived.professionalCourses.map((p, i) => ({ '@type': 'ListItem', position: i + 1, url: absolute(p.path) })),
      });
    }
    if (section.type === 'jobOpening') {
      const opening = page.entities.jobOpenings?.[section.openingId];
      if (opening) out.push(jobPosting(opening, page, settings.name, origin, `${origin}/images/brand/logo-square.png`));
    }
  }
  return out;
}

function jobPosting(opening: JobOpening, page: ResolvedPage, employer: string, origin: string, logo: string): JsonLd {
  const description = [
    `<p>${escapeHtml(opening.description)}</p>`,
    `<p>Responsibilities:</p><ul>${opening.responsibilities.map((r) => `<li>${escapeHtml(r)}</li>`).join('')}</ul>`,
    `<p>Qualifications:</p><ul>${opening.qualifications.map((q) => `<li>${escapeHtml(q)}</li>`).join('')}</ul>`,
  ].join('');
  const place =
    opening.locationType === 'remote'
      ? { jobLocationType: 'TELECOMMUTE', applicantLocationRequirements: { '@type': 'Country', name: 'India' } }
      : {
          jobLocation: {
            '@type': 'Place',
            address: { '@type': 'PostalAddress', ...(opening.city ? { addressLocality: opening.city } : {}), ...(opening.region ? { addressRegion: opening.region } : {}), addressCountry: 'IN' },
          },
        };
  return {
    '@context': 'https://schema.org',
    '@type': 'JobPosting',
    title: opening.title,
    description,
    datePosted: opening.datePosted,
    ...(opening.validThrough ? { validThrough: opening.validThrough } : {}),
    employmentType: opening.employmentType,
    hiringOrganization: { '@type': 'Organization', name: employer, sameAs: origin, logo },
    ...place,
    ...(opening.salaryLpa
      ? { baseSalary: { '@type': 'MonetaryAmount', currency: 'INR', value: { '@type': 'QuantitativeValue', minValue: opening.salaryLpa.min * 100000, maxValue: opening.salaryLpa.max * 100000, unitText: 'YEAR' } } }
      : {}),
    directApply: false,
    url: page.canonicalUrl,
  };
}

function escapeHtml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

/** JSON that can sit inside <script> without ending it or starting a comment. */
export function scriptSafeJson(value: unknown): string {
  return JSON.stringify(value).replace(/</g, '\\u003c').replace(/>/g, '\\u003e').replace(/&/g, '\\u0026').replace(/\u2028/g, '\\u2028').replace(/\u2029/g, '\\u2029');
}
