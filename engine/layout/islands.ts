import type { WordGroup } from '../types.ts';

/**
 * The parts of the layout that change after first paint, each an island (engine/layout/<Name>.tsx, its default
 * export), with the groups of UI words it reads; the rest of the header, the footer and the chat link are drawn once
 * by the server and never hydrated (menu.ts and chatLink.ts add the little they do).
 */
export const layoutIslands: Record<string, { words: WordGroup[] }> = {
  AuthNav: { words: ['auth', 'layout'] },
  SearchButton: { words: ['layout', 'search'] },
  NewsletterForm: { words: ['newsletter', 'forms'] },
};
