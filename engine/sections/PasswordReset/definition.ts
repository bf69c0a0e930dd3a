import { defineSection } from '../../content/sectionDefinition.ts';

export default defineSection('passwordReset', {
  interactive: true,
  words: ['account', 'auth', 'forms', 'layout', 'passwordReset'],
  // Its heading is one of its two titles, drawn from its data.
  titlesPage: true,
  // Not listed by search engines, but a visitor who searches for "password" finds it.
  searchableWhenUnlisted: true,
});
