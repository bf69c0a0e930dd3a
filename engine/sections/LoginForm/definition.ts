import { defineSection } from '../../content/sectionDefinition.ts';

export default defineSection('loginForm', {
  interactive: true,
  words: ['auth', 'forms', 'layout'],
  landmark: 'login',
  // Not listed by search engines, but a visitor who searches for it finds it.
  searchableWhenUnlisted: true,
});
