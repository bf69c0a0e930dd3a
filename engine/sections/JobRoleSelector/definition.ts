import { addApplyable, formQuestions, USUAL_FORM } from '../../content/applyables.ts';
import { checkRange, checkRoles } from '../../content/roleRules.ts';
import { makeSearchRecord, SEARCH_RANK } from '../../content/search/makeSearchRecord.ts';
import { defineSection } from '../../content/sectionDefinition.ts';
import { jobRolePosting, shownRolePostings } from '../../content/seo/jobPosting.ts';
import type { SearchRecord } from '../../search/searchTypes.ts';
import { jobId } from '../../shared/applyables.ts';
import { fill, fillCount } from '../../shared/fill.ts';
import { LOCALES } from '../../shared/language.ts';
import { ROLE_PARAM } from '../../ui/roleAddress.ts';
import { jobWords } from './jobWords.ts';

export default defineSection('jobRoleSelector', {
  interactive: true,
  words: ['jobs', 'layout', 'openings', 'share'],
  pageKind: 'job',
  searchCoversPage: true,

  rules(section, check) {
    if (!Array.isArray(section.roles)) return;
    checkRoles(section.roles, section.defaultRole, 'Select Job Role', check);
    section.roles.forEach((role, i) => {
      checkRange(role.details?.experienceYears, `/roles/${i}/details/experienceYears`, 'experience', check);
      checkRange(role.details?.salaryLpa, `/roles/${i}/details/salaryLpa`, 'salary', check);
    });
  },

  // Each role as a thing to apply for: by the spec's mail unless the content takes its applications on the site.
  index(section, page, index, { model }) {
    const form = section.applicationForm ?? USUAL_FORM.job;
    const questions = formQuestions(model, form, page.path);
    const ui = model.site.ui;
    for (const role of section.roles) {
      const words = jobWords(role, ui, page.label, model.site.name);
      addApplyable(index, {
        kind: 'job',
        id: jobId(page.path, role.id),
        title: role.title,
        page: `${page.path}?${ROLE_PARAM}=${role.id}`,
        onSite: !section.apply.href,
        form,
        questions,
        skills: role.details.skills,
        facts: [
          { label: ui.jobs.experience, value: words.experience },
          { label: ui.jobs.salary, value: words.salary },
          { label: ui.jobs.location, value: role.details.location },
        ],
      });
    }
  },

  // Each role has its own link (?role=…), answered with that role chosen and a title naming it, for the preview a shared link shows.
  variants(section, page, { model }) {
    return section.roles.map((role) => {
      const words = jobWords(role, model.site.ui, page.label, model.site.name);
      return { param: ROLE_PARAM, value: role.id, title: words.title, description: role.description };
    });
  },

  // The role the file shows, as a job posting (with the dates content gives the category's roles).
  structuredData(section, page, site, shown) {
    const { posting } = section;
    if (!posting) return [];
    return shownRolePostings(section.roles, section.defaultRole, shown?.param === ROLE_PARAM ? shown.value : undefined, (role) =>
      jobRolePosting(role, posting, section.apply, page, site),
    );
  },

  searchRecords(section, page, { model }) {
    const category = page.label;
    const words = model.site.ui.searchRecords;
    const locale = LOCALES[model.language ?? 'en'];
    const noExperience = model.site.search.noExperience ?? '';
    const records: SearchRecord[] = [
      makeSearchRecord(
        {
          id: `jobs:${page.path}`,
          kind: 'jobCategory',
          title: section.title,
          context: fill(words.jobCategory, { category, roles: fillCount(words.roles, section.roles.length, {}, locale) }),
          url: page.path,
          text: ['jobs', page.description, section.roles.map((r) => r.title).join(', ')].join(' '),
        },
        SEARCH_RANK.jobCategory,
      ),
    ];
    for (const role of section.roles) {
      const d = role.details;
      records.push(
        makeSearchRecord(
          {
            id: `jobrole:${page.path}:${role.id}`,
            kind: 'jobRole',
            title: role.title,
            context: fill(words.jobRole, {
              category,
              minYears: d.experienceYears.min,
              maxYears: d.experienceYears.max,
              minSalary: d.salaryLpa.min,
              maxSalary: d.salaryLpa.max,
            }),
            url: `${page.path}?role=${role.id}`,
            text: [
              `salary ${d.salaryLpa.min}-${d.salaryLpa.max} lpa`,
              `experience ${d.experienceYears.min}-${d.experienceYears.max} years`,
              d.location,
              d.eligibility,
              role.description,
              d.skills.join(', '),
              'job',
              // A role open to those with no experience is found by the words freshers type (issue 37).
              d.experienceYears.min === 0 ? noExperience : '',
            ].join(' · '),
          },
          SEARCH_RANK.jobRole,
        ),
      );
    }
    return records;
  },
});
