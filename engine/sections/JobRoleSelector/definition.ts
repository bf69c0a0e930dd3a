import { checkRange, checkRoles } from '../../content/roleRules.ts';
import { makeSearchRecord, SEARCH_RANK } from '../../content/search/makeSearchRecord.ts';
import { defineSection } from '../../content/sectionDefinition.ts';
import type { SearchRecord } from '../../search/searchTypes.ts';
import { ROLE_PARAM } from '../../ui/roleAddress.ts';
import { jobWords } from './jobWords.ts';

export default defineSection('jobRoleSelector', {
  interactive: true,
  words: ['jobs', 'layout', 'share'],
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

  // Each role has its own link (?role=…), answered with that role chosen and a title naming it, for the preview a shared link shows.
  variants(section, page, { model }) {
    return section.roles.map((role) => {
      const words = jobWords(role, model.site.ui, page.label, model.site.name);
      return { param: ROLE_PARAM, value: role.id, title: words.title, description: role.description };
    });
  },

  searchRecords(section, page) {
    const category = page.label;
    const records: SearchRecord[] = [
      makeSearchRecord(
        {
          id: `jobs:${page.path}`,
          kind: 'jobCategory',
          title: section.title,
          context: `${category} · ${section.roles.length} roles`,
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
            context: `${category} · ${d.experienceYears.min}-${d.experienceYears.max} years · ₹${d.salaryLpa.min}-${d.salaryLpa.max} LPA`,
            url: `${page.path}?role=${role.id}`,
            text: [
              `salary ${d.salaryLpa.min}-${d.salaryLpa.max} lpa`,
              `experience ${d.experienceYears.min}-${d.experienceYears.max} years`,
              d.location,
              d.eligibility,
              role.description,
              d.skills.join(', '),
              'job',
            ].join(' · '),
          },
          SEARCH_RANK.jobRole,
        ),
      );
    }
    return records;
  },
});
