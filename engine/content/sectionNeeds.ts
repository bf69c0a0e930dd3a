import type { CollectionName, Section } from '../types.ts';

/**
 * Collections a section needs whole, beyond the ids it names: a section that
 * lists "all programs" when it names none, or the enrollment form that looks a
 * course up by the id it is handed at run time.
 */
export function collectionsNeededBy(section: Section): CollectionName[] {
  switch (section.type) {
    case 'internshipPrograms':
      return section.programIds ? [] : ['internshipPrograms'];
    case 'enrollPrograms':
      return section.programIds ? [] : ['enrollPrograms'];
    case 'courseCatalogue':
      return ['courses', 'courseCategories'];
    case 'enrollmentForm':
      return ['courses'];
    case 'jobOpenings':
      return section.openingIds ? [] : ['jobOpenings'];
    default:
      return [];
  }
}
