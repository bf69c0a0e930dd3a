import { describe, expect, it } from 'vitest';
import { buildSiteContent } from '../../../engine/content/buildSiteContent.ts';
import { structuredDataKey } from '../../../engine/content/seo/jsonLd.ts';
import type { InternshipRole, JobRole, ResolvedPage } from '../../../engine/types.ts';
import { model } from '../../support/renderSection.tsx';

/**
 * Issue 34, search engines: every internship role and job role of the shipped content carries a JobPosting that has
 * Google's required fields (title, description, datePosted, hiringOrganization, jobLocation unless the work is remote
 * only) and its recommended ones (validThrough, employmentType, baseSalary, directApply, identifier, and for work from
 * home jobLocationType TELECOMMUTE with applicantLocationRequirements), in the forms Google's job search reads
 * (https://developers.google.com/search/docs/appearance/structured-data/job-posting). Each role's own address carries
 * its posting alone; the stream's or category's page carries the posting of the role it shows first.
 */

type Json = Record<string, unknown>;

const content = buildSiteContent(model);
const site = content.site;

interface Shown {
  page: ResolvedPage;
  kind: 'internship' | 'job';
  role: InternshipRole | JobRole;
  defaultRole: string;
  applyHref: string | undefined;
}

// The sections with roles to choose (?role=…): an internship role has a stipend, a job role a salary in LPA.
const roles: Shown[] = [...content.pages.values()].flatMap((page) =>
  page.sections.flatMap((section): Shown[] => {
    if (!('roles' in section) || !('apply' in section) || !('defaultRole' in section)) return [];
    return (section.roles as (InternshipRole | JobRole)[]).map((role) => ({
      page,
      kind: 'stipend' in role.details ? 'internship' : 'job',
      role,
      defaultRole: section.defaultRole,
      applyHref: section.apply.href,
    }));
  }),
);

const postingsIn = (key: string) => (content.structuredData.get(key) ?? []).filter((item) => item['@type'] === 'JobPosting');
const roleKey = (r: Shown) => structuredDataKey(r.page.id, { param: 'role', value: r.role.id });

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;
const ISO_DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(Z|[+-]\d{2}:\d{2})$/;
const EMPLOYMENT_TYPES = ['FULL_TIME', 'PART_TIME', 'CONTRACTOR', 'TEMPORARY', 'INTERN', 'VOLUNTEER', 'PER_DIEM', 'OTHER'];
const SALARY_UNITS = ['HOUR', 'DAY', 'WEEK', 'MONTH', 'YEAR'];

/** Whether the role can be done from home, and whether there is no office at all, as its content says. */
function remoteness(r: Shown): { remote: boolean; remoteOnly: boolean } {
  if (r.kind === 'internship') {
    const mode = (r.role as InternshipRole).details.mode;
    return { remote: mode !== 'On-site', remoteOnly: mode === 'Remote' };
  }
  const location = (r.role as JobRole).details.location;
  return { remote: location.startsWith('Remote'), remoteOnly: location === 'Remote' };
}

describe('JobPosting of every internship role and job role', () => {
  it('finds the shipped roles: the 13 streams, the Business Analyst program and the six job categories', () => {
    expect(roles.filter((r) => r.kind === 'internship').length).toBeGreaterThanOrEqual(70);
    expect(roles.filter((r) => r.kind === 'job').length).toBe(30);
    expect(new Set(roles.filter((r) => r.kind === 'internship').map((r) => r.page.path)).size).toBe(14);
  });

  it("puts one posting, its own, on each role's address, and the first role's on its page", () => {
    for (const r of roles) {
      const own = postingsIn(roleKey(r));
      expect(own, `${r.page.path}?role=${r.role.id}`).toHaveLength(1);
      expect(own[0]!['url']).toBe(`${r.page.canonicalUrl}?role=${encodeURIComponent(r.role.id)}`);
      if (r.role.id === r.defaultRole) expect(postingsIn(structuredDataKey(r.page.id))).toEqual(own);
    }
    for (const path of new Set(roles.map((r) => r.page.path))) {
      const page = roles.find((r) => r.page.path === path)!.page;
      expect(postingsIn(structuredDataKey(page.id)), path).toHaveLength(1);
    }
    // Every role is told apart by its identifier, as Google asks.
    const identifiers = roles.map((r) => (postingsIn(roleKey(r))[0]!['identifier'] as Json)['value']);
    expect(new Set(identifiers).size).toBe(roles.length);
  });

  it("has Google's required fields, in the forms it reads", () => {
    for (const r of roles) {
      const label = `${r.page.path}?role=${r.role.id}`;
      const p = postingsIn(roleKey(r))[0]!;
      expect(p['@context'], label).toBe('https://schema.org');
      // The job's title alone: no price, date, place or organisation in it.
      expect(p['title'], label).toBe(r.role.title);
      expect(String(p['title']), label).not.toMatch(/[₹|<>]|\d{4}/);
      // The full description in HTML: its paragraphs and lists, the role's own words in it, more than its title.
      const description = String(p['description']);
      expect(description, label).toMatch(/^<p>/);
      expect(description, label).toContain('<ul><li>');
      expect(description, label).toContain(r.role.description.replace(/&/g, '&amp;'));
      expect(description.length, label).toBeGreaterThan(String(p['title']).length * 5);
      expect(String(p['datePosted']), label).toMatch(ISO_DATE);
      const organisation = p['hiringOrganization'] as Json;
      expect(organisation, label).toMatchObject({ '@type': 'Organization', name: site.settings.name, sameAs: site.settings.siteUrl });
      expect(String(organisation['logo']), label).toMatch(/^https:\/\/.+\.png$/);
      const { remoteOnly } = remoteness(r);
      if (remoteOnly) expect(p['jobLocation'], label).toBeUndefined();
      else {
        const places = ([] as Json[]).concat(p['jobLocation'] as Json | Json[]);
        expect(places.length, label).toBeGreaterThan(0);
        for (const place of places) {
          expect(place['@type'], label).toBe('Place');
          expect(place['address'], label).toMatchObject({
            '@type': 'PostalAddress',
            addressCountry: 'IN',
            addressLocality: expect.stringMatching(/^[A-Z][a-z]+/),
          });
        }
      }
    }
  });

  it("has Google's recommended fields: dates, type, pay, direct apply, identifier, and work from home for India", () => {
    for (const r of roles) {
      const label = `${r.page.path}?role=${r.role.id}`;
      const p = postingsIn(roleKey(r))[0]!;
      expect(String(p['validThrough']), label).toMatch(ISO_DATE_TIME);
      expect(Date.parse(String(p['validThrough'])), label).toBeGreaterThan(Date.parse(String(p['datePosted'])));
      expect(EMPLOYMENT_TYPES, label).toContain(p['employmentType']);
      const salary = p['baseSalary'] as Json;
      expect(salary, label).toMatchObject({ '@type': 'MonetaryAmount', currency: 'INR' });
      const value = salary['value'] as Json;
      expect(value['@type'], label).toBe('QuantitativeValue');
      expect(SALARY_UNITS, label).toContain(value['unitText']);
      expect(p['directApply'], label).toBe(r.applyHref === undefined || (r.applyHref.startsWith('/') && !r.applyHref.startsWith('//')));
      expect(p['identifier'], label).toMatchObject({ '@type': 'PropertyValue', name: site.settings.name, value: expect.any(String) });
      const { remote } = remoteness(r);
      if (remote) {
        expect(p['jobLocationType'], label).toBe('TELECOMMUTE');
        expect(p['applicantLocationRequirements'], label).toEqual({ '@type': 'Country', name: 'India' });
      } else {
        expect(p['jobLocationType'], label).toBeUndefined();
        expect(p['applicantLocationRequirements'], label).toBeUndefined();
      }
    }
  });

  it('gives an internship as INTERN with its stipend a month in rupees, and a job its salary a year from its lakhs', () => {
    for (const r of roles) {
      const label = `${r.page.path}?role=${r.role.id}`;
      const p = postingsIn(roleKey(r))[0]!;
      const value = (p['baseSalary'] as Json)['value'] as Json;
      if (r.kind === 'internship') {
        expect(p['employmentType'], label).toBe('INTERN');
        expect(value, label).toEqual({ '@type': 'QuantitativeValue', value: (r.role as InternshipRole).details.stipend, unitText: 'MONTH' });
      } else {
        const lpa = (r.role as JobRole).details.salaryLpa;
        expect(value, label).toEqual({ '@type': 'QuantitativeValue', minValue: lpa.min * 100_000, maxValue: lpa.max * 100_000, unitText: 'YEAR' });
      }
    }
  });

  it('says a remote role may be done from anywhere in India and names the cities of one that is also on site', () => {
    const criminal = postingsIn(structuredDataKey(roles.find((r) => r.role.id === 'criminalLaw')!.page.id, { param: 'role', value: 'criminalLaw' }))[0]!;
    expect(criminal['jobLocation']).toEqual({ '@type': 'Place', address: { '@type': 'PostalAddress', addressLocality: 'Delhi', addressCountry: 'IN' } });
    expect(criminal['jobLocationType']).toBeUndefined();
    const designer = roles.find((r) => r.role.id === 'graphicDesigner')!;
    const posting = postingsIn(roleKey(designer))[0]!;
    expect((posting['jobLocation'] as Json[]).map((p) => (p['address'] as Json)['addressLocality'])).toEqual(['Delhi', 'Mumbai', 'Bangalore']);
    expect(posting['jobLocationType']).toBe('TELECOMMUTE');
  });
});
