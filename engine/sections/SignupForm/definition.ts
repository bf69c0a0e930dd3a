import { defineSection } from '../../content/sectionDefinition.ts';

export default defineSection('signupForm', {
  interactive: true,
  words: ['auth', 'forms', 'layout'],
  landmark: 'signup',
  // Not listed by search engines, but a visitor who searches for it finds it.
  searchableWhenUnlisted: true,
});
