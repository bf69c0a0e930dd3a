/**
 * schema.org JobPosting for the roles of an internship stream (roleSelector) and of a job category (jobRoleSelector),
 * as Google's job search reads it: its required fields (title, description, datePosted, hiringOrganization, and
 * jobLocation unless the work is remote only) and its recommended ones (validThrough, employmentType, baseSalary,
 * directApply, identifier, and jobLocationType with applicantLocationRequirements where the work can be done from
 * home). Each says only what the role's own address shows: its figures, its words, and the section's posting dates.
 */
import { fill } from '../../runtime/text.ts';
import { formatRupees } from '../../shared/money.ts';
import type { ApplyAction, InternshipRole, JobRole, ResolvedPage, RolePosting, SiteModel } from '../../types.ts';
import { ROLE_PARAM } from '../../ui/roleAddress.ts';
import { escapeHtml, type JsonLd, logoUrl } from './jsonLd.ts';

/** Where a role is done: the cities of its office, and whether it can be done from home (anywhere in India). */
export interface RolePlace {
  cities: string[];
  remote: boolean;
  /** No office at all: Google then wants no jobLocation, only the country applicants may live in. */
  remoteOnly: boolean;
}

/** An internship's place: its city, and its work mode (On-site, Remote/On-site or Remote). */
export function internshipPlace(role: InternshipRole): RolePlace {
  const { mode, location } = role.details;
  return { cities: [location], remote: mode !== 'On-site', remoteOnly: mode === 'Remote' };
}

/**
 * A job role's place from its location as content writes it: a city ("Bangalore"), or "Remote/On-site (Delhi,
 * Mumbai)", or "Remote". Anything else is taken as the name of one place.
 */
export function jobPlace(role: JobRole): RolePlace {
  const location = role.details.location.trim();
  if (location === 'Remote') return { cities: [], remote: true, remoteOnly: true };
  const both = /^Remote\/On-site \(([^)]+)\)$/.exec(location);
  if (both)
    return {
      cities: both[1]!
        .split(',')
        .map((c) => c.trim())
        .filter(Boolean),
      remote: true,
      remoteOnly: false,
    };
  return { cities: [location], remote: false, remoteOnly: false };
}

/** Apply is on the site when its link is one of the site's own addresses; a form elsewhere or a mail link is not. */
export function appliesOnSite(apply: ApplyAction): boolean {
  // No address: the site's own application form (the shipped default).
  return apply.href === undefined || (apply.href.startsWith('/') && !apply.href.startsWith('//'));
}

/** The address of one role: the stream's or category's page with the role chosen (?role=…). */
export function roleUrl(page: ResolvedPage, roleId: string): string {
  return `${page.canonicalUrl}?${ROLE_PARAM}=${encodeURIComponent(roleId)}`;
}

function list(title: string, items: readonly string[]): string {
  return `<p>${escapeHtml(title)}:</p><ul>${items.map((i) => `<li>${escapeHtml(i)}</li>`).join('')}</ul>`;
}

function fact(label: string, value: string): string {
  return `<p>${escapeHtml(label)}: ${escapeHtml(value)}</p>`;
}

function placeFields(place: RolePlace): JsonLd {
  const offices = place.cities.map((city) => ({
    '@type': 'Place',
    address: { '@type': 'PostalAddress', addressLocality: city, addressCountry: 'IN' },
  }));
  return {
    ...(place.remoteOnly ? {} : { jobLocation: offices.length === 1 ? offices[0] : offices }),
    ...(place.remote ? { jobLocationType: 'TELECOMMUTE', applicantLocationRequirements: { '@type': 'Country', name: 'India' } } : {}),
  };
}

function common(site: SiteModel, page: ResolvedPage, roleId: string, posting: RolePosting, apply: ApplyAction): JsonLd {
  return {
    '@context': 'https://schema.org',
    '@type': 'JobPosting',
    identifier: { '@type': 'PropertyValue', name: site.settings.name, value: `${page.path.slice(1)}/${roleId}` },
    datePosted: posting.datePosted,
    // The last day to apply, to its end in India.
    validThrough: `${posting.validThrough}T23:59:59+05:30`,
    hiringOrganization: { '@type': 'Organization', name: site.settings.name, sameAs: site.settings.siteUrl, logo: logoUrl(site) },
    directApply: appliesOnSite(apply),
    url: roleUrl(page, roleId),
  };
}

/** An internship role: INTERN, its stipend a month in rupees, its city and whether it can be done from home. */
export function internshipPosting(role: InternshipRole, posting: RolePosting, apply: ApplyAction, page: ResolvedPage, site: SiteModel): JsonLd {
  const ui = site.settings.ui;
  const d = role.details;
  const description = [
    `<p>${escapeHtml(role.description)}</p>`,
    fact(ui.roleSelector.stipend, fill(ui.roleSelector.perMonth, { amount: formatRupees(d.stipend) })),
    fact(ui.roleSelector.duration, fill(ui.course.weeks, { count: d.durationWeeks })),
    fact(ui.roleSelector.location, `${d.location} (${d.mode})`),
    fact(ui.roleSelector.eligibility, d.eligibility),
    list(ui.roleSelector.skillsTitle, d.skills),
    list(ui.roleSelector.responsibilitiesTitle, d.responsibilities),
  ].join('');
  return {
    ...common(site, page, role.id, posting, apply),
    title: role.title,
    description,
    employmentType: 'INTERN',
    baseSalary: { '@type': 'MonetaryAmount', currency: 'INR', value: { '@type': 'QuantitativeValue', value: d.stipend, unitText: 'MONTH' } },
    ...placeFields(internshipPlace(role)),
  };
}

/** A job role: full time, its salary a year in rupees from its lakhs a year, its place. */
export function jobRolePosting(role: JobRole, posting: RolePosting, apply: ApplyAction, page: ResolvedPage, site: SiteModel): JsonLd {
  const ui = site.settings.ui;
  const d = role.details;
  const description = [
    `<p>${escapeHtml(role.description)}</p>`,
    fact(ui.jobs.experience, fill(ui.jobs.years, { ...d.experienceYears })),
    fact(ui.jobs.salary, fill(ui.jobs.lpa, { ...d.salaryLpa })),
    fact(ui.jobs.location, d.location),
    fact(ui.jobs.eligibility, d.eligibility),
    list(ui.jobs.skillsTitle, d.skills),
    list(ui.jobs.responsibilitiesTitle, d.responsibilities),
    list(ui.jobs.benefitsTitle, d.benefits),
  ].join('');
  return {
    ...common(site, page, role.id, posting, apply),
    title: role.title,
    description,
    employmentType: 'FULL_TIME',
    baseSalary: {
      '@type': 'MonetaryAmount',
      currency: 'INR',
      value: { '@type': 'QuantitativeValue', minValue: d.salaryLpa.min * 100_000, maxValue: d.salaryLpa.max * 100_000, unitText: 'YEAR' },
    },
    ...placeFields(jobPlace(role)),
  };
}

/**
 * The roles' postings a page's file carries: the role it shows, and only that one (Google reads a posting on the page
 * of that one job, never a list of them): the chosen role on a role's own address (?role=…), else the section's first.
 */
export function shownRolePostings<R extends { id: string }>(
  roles: readonly R[],
  defaultRole: string,
  shown: string | undefined,
  posting: (role: R) => JsonLd,
): JsonLd[] {
  const role = roles.find((r) => r.id === (shown ?? defaultRole));
  return role ? [posting(role)] : [];
}
