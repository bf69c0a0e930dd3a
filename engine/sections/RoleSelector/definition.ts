import { addApplyable, formQuestions, USUAL_FORM } from '../../content/applyables.ts';
import { checkRoles } from '../../content/roleRules.ts';
import { makeSearchRecord, moneyWords, SEARCH_RANK } from '../../content/search/makeSearchRecord.ts';
import { defineSection } from '../../content/sectionDefinition.ts';
import { internshipPosting, shownRolePostings } from '../../content/seo/jobPosting.ts';
import type { SearchRecord } from '../../search/searchTypes.ts';
import { internshipId, ownProgrammeId } from '../../shared/applyables.ts';
import { fill, fillCount } from '../../shared/fill.ts';
import { LOCALES } from '../../shared/language.ts';
import { formatRupees } from '../../shared/money.ts';
import type { EnrollProgram } from '../../types.ts';
import { ROLE_PARAM } from '../../ui/roleAddress.ts';
import { roleWords } from './roleWords.ts';

export default defineSection('roleSelector', {
  interactive: true,
  words: ['course', 'finder', 'layout', 'openings', 'roleSelector', 'share'],
  pageKind: 'internship',
  searchCoversPage: true,

  rules(section, check) {
    if (Array.isArray(section.roles)) checkRoles(section.roles, section.defaultRole, 'Select Role', check);
  },

  // The programme's card is not shown here: the page names it for the catalogue, which reads it from data/.
  resolve(section, page) {
    if (section.programme) delete page.entities.enrollPrograms?.[section.programme];
  },

  // Every role of every stream page, for the finder on /internship and the comparison; and each as a thing to apply
  // for, in its programme (the one of /enroll the page names, or the stream's own, with the site's usual seats).
  index(section, page, index, { model }) {
    const listed = section.programme ? (model.entities.get('enrollPrograms')?.get(section.programme)?.entity as EnrollProgram | undefined) : undefined;
    const programme = listed
      ? { id: listed.id, title: listed.title, seats: listed.available }
      : { id: ownProgrammeId(page.label), title: page.label, seats: model.site.applications.defaultSeats };
    const form = section.applicationForm ?? USUAL_FORM.internship;
    const questions = formQuestions(model, form, page.path);
    const ui = model.site.ui;
    for (const role of section.roles) {
      const words = roleWords(role, ui, page.label, model.site.name);
      addApplyable(index, {
        kind: 'internship',
        id: internshipId(programme.id, role.id),
        title: role.title,
        page: `${page.path}?${ROLE_PARAM}=${role.id}`,
        onSite: !section.apply.href,
        programme,
        whoCanApply: role.details.whoCanApply,
        form,
        questions,
        durationWeeks: role.details.durationWeeks,
        skills: role.details.skills,
        facts: [
          { label: ui.roleSelector.duration, value: words.weeks },
          { label: ui.roleSelector.stipend, value: words.stipend },
          { label: ui.roleSelector.location, value: role.details.location },
          { label: ui.finder.mode, value: role.details.mode },
        ],
      });
    }
    const { label, href, newTab } = section.apply;
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
        apply: { label, id: internshipId(programme.id, role.id), ...(href ? { href } : {}), ...(newTab !== undefined ? { newTab } : {}) },
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

  // The role the file shows, as a job posting (with the dates content gives the stream's roles).
  structuredData(section, page, site, shown) {
    const { posting } = section;
    if (!posting) return [];
    return shownRolePostings(section.roles, section.defaultRole, shown?.param === ROLE_PARAM ? shown.value : undefined, (role) =>
      internshipPosting(role, posting, section.apply, page, site),
    );
  },

  searchRecords(section, page, { model }) {
    const stream = page.label;
    const words = model.site.ui.searchRecords;
    const locale = LOCALES[model.language ?? 'en'];
    // An internship asks no experience: its roles are what a fresher is looking for (issue 37).
    const noExperience = model.site.search.noExperience ?? '';
    const records: SearchRecord[] = [
      makeSearchRecord(
        {
          id: `stream:${page.path}`,
          kind: 'internshipStream',
          title: section.title,
          context: fill(words.stream, { stream, roles: fillCount(words.roles, section.roles.length, {}, locale) }),
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
            context: fill(words.role, {
              stream,
              stipend: formatRupees(d.stipend),
              weeks: fillCount(words.weeks, d.durationWeeks, {}, locale),
              location: d.location,
            }),
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
              noExperience,
            ].join(' · '),
          },
          SEARCH_RANK.internshipRole,
        ),
      );
    }
    return records;
  },
});
