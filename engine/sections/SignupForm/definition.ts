import { defineSection } from '../../content/sectionDefinition.ts';

export default defineSection('signupForm', {
  landmark: 'signup',
  // Not listed by search engines, but a visitor who searches for it finds it.
  searchableWhenUnlisted: true,
});
