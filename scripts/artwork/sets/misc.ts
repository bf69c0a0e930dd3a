/** Pictures for the site's other pages: the team on /about and the opening pictures of the general pages. */

import { avatar, illustration } from '../kinds.ts';
import type { Artwork } from '../manifest.ts';

const kebab = (text: string) =>
  text
    .replace(/[^A-Za-z0-9]+/g, '-')
    .replace(/^-|-$/g, '')
    .toLowerCase();

/** The people of data/team.json. */
const team = ['Saurabh Kumar', 'Pooja Sinha', 'Amit Ranjan', 'Nisha Agarwal', 'Farhan Ahmed', 'Deepika Menon'];

/** Hero pictures: [page name, main icon, two small icons, palette]. */
const heroes: [string, string, string[], number][] = [
  ['about', 'users-round', ['target', 'heart'], 0],
  ['services', 'layers', ['code', 'palette'], 4],
  ['referral', 'gift', ['share-2', 'indian-rupee'], 1],
  ['reports', 'file-text', ['file-down', 'chart-line'], 2],
  ['enroll', 'graduation-cap', ['clipboard-list', 'school'], 5],
  ['courses', 'book-open', ['laptop', 'award'], 6],
  ['blogs', 'newspaper', ['lightbulb', 'pen-tool'], 3],
  ['feedback', 'message-circle-heart', ['star', 'mail'], 7],
  ['faq', 'circle-question-mark', ['message-square-text', 'book-open'], 4],
  ['certification', 'badge-check', ['search-check', 'shield-check'], 6],
  ['webinars', 'presentation', ['video', 'calendar-days'], 0],
  ['partner', 'handshake', ['building', 'briefcase-business'], 1],
];

export const artworks: Artwork[] = [
  ...team.map((name) => ({ path: `/images/people/${kebab(name)}.svg`, draw: () => avatar(name) })),
  ...heroes.map(([name, main, extras, palette]) => {
    const path = `/images/hero/${name}.svg`;
    return { path, draw: () => illustration(path, main, extras, palette) };
  }),
];
