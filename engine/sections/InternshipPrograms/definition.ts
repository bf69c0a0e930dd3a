import { defineSection } from '../../content/sectionDefinition.ts';
import { pathKey } from '../../shared/pathKey.ts';
import type { InternshipProgram, InternshipRoleSummary } from '../../types.ts';

export default defineSection('internshipPrograms', {
  // Without a list of ids it shows every program.
  needs: (section) => (section.programIds ? [] : ['internshipPrograms']),
  pageKind: 'internship',

  // Each program is a role of a stream page (its "role" link, checked when content is validated): its card shows
  // that role's stipend and place, and links to it.
  derive(_section, page, index) {
    const programRoles: Record<string, InternshipRoleSummary> = {};
    for (const program of Object.values(page.entities.internshipPrograms ?? {}) as InternshipProgram[]) {
      const [path = '', query = ''] = program.role.split('?');
      const roleId = new URLSearchParams(query).get('role');
      const role = index.internshipRoles.find((r) => r.roleId === roleId && pathKey(r.streamPath) === pathKey(path));
      if (role) programRoles[program.id] = role;
    }
    return { programRoles };
  },
});
