import { defineSection } from '../../content/sectionDefinition.ts';

export default defineSection('enrollmentForm', {
  interactive: true,
  words: ['course', 'enrollment', 'forms', 'layout', 'thankYou'],
  // The course is looked up by the id it is handed at run time, so every course comes with the page.
  needs: () => ['courses'],
  pageKind: 'course',
});
