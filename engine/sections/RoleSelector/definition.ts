import { checkRoles } from '../../content/roleRules.ts';
import { makeSearchRecord, moneyWords, SEARCH_RANK } from '../../content/search/makeSearchRecord.ts';
import { defineSection } from '../../content/sectionDefinition.ts';
import type { SearchRecord } from '../../search/searchTypes.ts';
import { formatRupees } from '../../shared/money.ts';
import { ROLE_PARAM } from '../../ui/roleAddress.ts';
import { roleWords } from './roleWords.ts';

export default defineSection('roleSelector', {
  interactive: true,
  words: ['course', 'finder', 'layout', 'roleSelector', 'share'],
  pageKind: 'internship',
  searchCoversPage: true,

  rules(section, check) {
    if (Array.isArray(section.roles)) checkRoles(section.roles, section.defaultRole, 'Select Role', check);
  },

  // Every role of every stream page, for the finder on /internship and the comparison.
  index(section, page, index) {
    for (const role of section.roles) {
      const { durationWeeks, stipend, location, mode, eligibility, whoCanApply, skills } = role.details;
      index.internshipRoles.push({
        streamLabel: page.label,
        streamPath: page.path,
        roleId: role.id,
        title: role.title,
        image: role.image,
        durationWeeks,
        stipend,
        location,
        mode,
        eligibility,
        whoCanApply,
        skills,
      });
    }
  },

  // Opened from the finder, the page leads back to it with the filters chosen there.
  derive: (_section, _page, index) => (index.finder ? { finder: index.finder } : {}),

  // Each role has its own link (?role=…), answered with that role chosen and a title naming it, for the preview a shared link shows.
  variants(section, page, { model }) {
    return section.roles.map((role) => {
      const words = roleWords(role, model.site.ui, page.label, model.site.name);
      return { param: ROLE_PARAM, value: role.id, title: words.title, description: role.description };
    });
  },

  searchRecords(section, page) {
    const stream = page.label;
    const records: SearchRecord[] = [
      makeSearchRecord(
        {
          id: `stream:${page.path}`,
          kind: 'internshipStream',
          title: section.title,
          context: `${stream} internships · ${section.roles.length} roles`,
          url: page.path,
          text: [stream, 'internship', page.description, section.intro ?? '', section.roles.map((r) => r.title).join(', ')].join(' '),
        },
        SEARCH_RANK.internshipStream,
      ),
    ];
    for (const role of section.roles) {
      const d = role.details;
      records.push(
        makeSearchRecord(
          {
            id: `role:${page.path}:${role.id}`,
            kind: 'internshipRole',
            title: role.title,
            context: `${stream} internship · ${formatRupees(d.stipend)}/month · ${d.durationWeeks} weeks · ${d.location}`,
            url: `${page.path}?role=${role.id}`,
            text: [
              `stipend ${moneyWords(d.stipend)} per month`,
              `${d.durationWeeks} weeks`,
              d.location,
              d.mode,
              d.eligibility,
              role.description,
              d.skills.join(', '),
              `${stream} internship`,
            ].join(' · '),
          },
          SEARCH_RANK.internshipRole,
        ),
      );
    }
    return records;
  },
});
