import { addApplyable, openingApplyable } from '../../content/applyables.ts';
import { makeSearchRecord, SEARCH_RANK } from '../../content/search/makeSearchRecord.ts';
import { defineSection } from '../../content/sectionDefinition.ts';
import { escapeHtml, logoUrl } from '../../content/seo/jsonLd.ts';

export default defineSection('jobOpening', {
  titlesPage: true,
  pageKind: 'job',
  searchCoversPage: true,

  // The first page that shows an opening is its own page, where the list of openings links; and the opening is a
  // thing to apply for, by the spec's mail unless the content takes its applications on the site.
  index(section, page, index, { model }) {
    index.openingPaths[section.openingId] ??= page.path;
    const opening = page.entities.jobOpenings?.[section.openingId];
    if (!opening) return;
    // Listed on /jobs first, perhaps: its own page is where its Apply is read in full.
    const listed = index.applyables.find((a) => a.kind === 'opening' && a.id === opening.id);
    if (listed) listed.page = index.openingPaths[opening.id]!;
    else addApplyable(index, openingApplyable(opening, page.path, model));
  },

  searchRecords(section, page, { model }) {
    const opening = page.entities.jobOpenings?.[section.openingId];
    if (!opening) return [];
    return [
      makeSearchRecord(
        {
          id: `opening:${opening.id}`,
          kind: 'opening',
          title: opening.title,
          context: `Job at ${model.site.name} · ${opening.location}`,
          url: page.path,
          text: [opening.description, opening.responsibilities.join(', '), opening.qualifications.join(', '), 'job opening career hiring'].join(' · '),
        },
        SEARCH_RANK.opening,
      ),
    ];
  },

  structuredData(section, page, site) {
    const opening = page.entities.jobOpenings?.[section.openingId];
    if (!opening) return [];
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
              address: {
                '@type': 'PostalAddress',
                ...(opening.city ? { addressLocality: opening.city } : {}),
                ...(opening.region ? { addressRegion: opening.region } : {}),
                addressCountry: 'IN',
              },
            },
          };
    return [
      {
        '@context': 'https://schema.org',
        '@type': 'JobPosting',
        title: opening.title,
        description,
        datePosted: opening.datePosted,
        ...(opening.validThrough ? { validThrough: opening.validThrough } : {}),
        employmentType: opening.employmentType,
        hiringOrganization: { '@type': 'Organization', name: site.settings.name, sameAs: site.settings.siteUrl, logo: logoUrl(site) },
        ...place,
        ...(opening.salaryLpa
          ? {
              baseSalary: {
                '@type': 'MonetaryAmount',
                currency: 'INR',
                value: { '@type': 'QuantitativeValue', minValue: opening.salaryLpa.min * 100000, maxValue: opening.salaryLpa.max * 100000, unitText: 'YEAR' },
              },
            }
          : {}),
        directApply: false,
        url: page.canonicalUrl,
      },
    ];
  },
});
