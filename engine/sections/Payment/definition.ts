import { defineSection } from '../../content/sectionDefinition.ts';

/**
 * A payment section sells what content prices: the short courses (the courses collection) and the courses with a page
 * of their own (the index's professional courses), or the campaign's gift. The server takes the amount from the same
 * content, never from the page.
 */
export default defineSection('payment', {
  interactive: true,
  words: ['account', 'auth', 'forms', 'layout', 'payments', 'receiptPdf'],
  needs: (section) => (section.gift ? [] : ['courses']),
  derive: (section, _page, index) => (section.gift ? {} : { professionalCourses: index.professionalCourses }),
});
