import { defineSection } from '../../content/sectionDefinition.ts';
import { pathKey } from '../../shared/pathKey.ts';
import type { InternshipProgram, InternshipRoleSummary } from '../../types.ts';

export default defineSection('internshipPrograms', {
  // Without a list of ids it shows every program.
  needs: (section) => (section.programIds ? [] : ['internshipPrograms']),
  pageKind: 'internship',

  // A program's description and skills are what its certificates say (the server reads them from data/); the
  // cards do not show them, so the page's copy leaves them out rather than sending them to every visitor.
  resolve(_section, page) {
    const programs = page.entities.internshipPrograms;
    if (!programs) return;
    for (const [id, program] of Object.entries(programs)) {
      const { description: _description, skills: _skills, ...shown } = program;
      programs[id] = shown;
    }
  },

  // Each program is a role of a stream page (its "role" link, checked when content is validated): its card shows
  // that role's stipend, place and who can apply, and links to it.
  // Register Now applies for that role on the site (its id in the catalogue, found by the role's page).
  derive(_section, page, index) {
    const programRoles: Record<string, InternshipRoleSummary> = {};
    const programApply: Record<string, string> = {};
    for (const program of Object.values(page.entities.internshipPrograms ?? {}) as InternshipProgram[]) {
      const [path = '', query = ''] = program.role.split('?');
      const roleId = new URLSearchParams(query).get('role');
      const role = index.internshipRoles.find((r) => r.roleId === roleId && pathKey(r.streamPath) === pathKey(path));
      if (role) {
        const { skills: _skills, apply: _apply, ...summary } = role;
        programRoles[program.id] = summary;
      }
      const applyable = index.applyables.find((a) => {
        const [aPath = '', aQuery = ''] = a.page.split('?');
        return a.kind === 'internship' && new URLSearchParams(aQuery).get('role') === roleId && pathKey(aPath) === pathKey(path);
      });
      if (applyable) programApply[program.id] = applyable.id;
    }
    return { programRoles, programApply };
  },
});
