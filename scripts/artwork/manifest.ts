/**
 * Every generated picture: its path under public/ and how it is drawn.
 * Pictures are generated once and committed; authors may replace any of them
 * with a real photo of the same name, or add their own anywhere in public/images.
 */
import { siFacebook, siInstagram, siWhatsapp, siX, siYoutube } from 'simple-icons';
import { avatar, brandLogo, cardIcon, certificate, illustration, offerLetter, poster, registrationBadge, seal, signature, socialIcon } from './kinds.ts';

export interface Artwork {
  path: string;
  draw: () => string;
}

const BRAND = 'InternCraft';
const kebab = (text: string) =>
  text
    .replace(/([a-z0-9])([A-Z])/g, '$1-$2')
    .replace(/[^A-Za-z0-9]+/g, '-')
    .replace(/^-|-$/g, '')
    .toLowerCase();

const art: Artwork[] = [];
const add = (path: string, draw: () => string) => art.push({ path, draw });

add('/images/brand/logo.svg', () => brandLogo(BRAND));
add('/images/documents/offer-letter.svg', () => offerLetter(BRAND));
add('/images/documents/certificate.svg', () => certificate(BRAND));
add('/images/documents/seal.svg', () => seal(BRAND));
// The signatures on the printed certificate (data/site.json's certificateDesign); replace them with scans of the real ones.
add('/images/signatures/pooja-sinha.svg', () => signature('Pooja Sinha'));
add('/images/signatures/saurabh-kumar.svg', () => signature('Saurabh Kumar'));

/** Icons for cards: [file name, Lucide icon, palette]. */
const cardIcons: [string, string, number][] = [
  ['award', 'award', 0],
  ['mentor', 'users', 1],
  ['clock', 'clock', 2],
  ['laptop', 'laptop', 4],
  ['briefcase', 'briefcase', 5],
  ['certificate', 'badge-check', 6],
  ['rupee', 'indian-rupee', 7],
  ['globe', 'globe', 0],
  ['shield', 'shield-check', 2],
  ['search', 'search-check', 4],
  ['report', 'file-text', 5],
  ['rocket', 'rocket', 1],
  ['target', 'target', 3],
  ['lightbulb', 'lightbulb', 6],
  ['heart', 'heart-handshake', 3],
  ['student', 'graduation-cap', 0],
  ['chart', 'chart-line', 2],
  ['share', 'share-2', 4],
  ['gift', 'gift', 1],
  ['wallet', 'wallet', 7],
  ['code', 'code', 0],
  ['smartphone', 'smartphone', 5],
  ['megaphone', 'megaphone', 1],
  ['palette', 'palette', 3],
  ['mail', 'mail', 4],
  ['phone', 'phone', 2],
  ['map-pin', 'map-pin', 1],
  ['calendar', 'calendar', 6],
  ['book', 'book-open', 7],
  ['handshake', 'handshake', 5],
  ['school', 'school', 2],
  ['users', 'users-round', 0],
];
for (const [name, lucide, palette] of cardIcons) add(`/images/icons/${name}.svg`, () => cardIcon(lucide, palette));

/** Registration and recognition badges: [id, name, caption, icon, palette]. */
export const registrationLogos: [string, string, string, string, number][] = [
  ['aicte', 'AICTE', 'Approved', 'landmark', 0],
  ['mca', 'MCA', 'Registered company', 'building', 4],
  ['biharStartup', 'Bihar Startup', 'Recognised', 'rocket', 1],
  ['startupIndia', 'Startup India', 'DPIIT recognised', 'sparkles', 1],
  ['iso', 'ISO 9001:2015', 'Certified', 'badge-check', 2],
  ['msme', 'MSME', 'Udyam registered', 'factory', 7],
];
for (const [id, name, caption, lucide, palette] of registrationLogos)
  add(`/images/logos/${kebab(id)}.svg`, () => registrationBadge(name, caption, lucide, palette));

/** People shown in testimonials and the team grid. */
export const people = [
  'Priya Sharma',
  'Arjun Mehta',
  'Sana Khan',
  'Ananya Iyer',
  'Rahul Gupta',
  'Kavya Reddy',
  'Vikram Singh',
  'Neha Verma',
  'Aditya Rao',
  'Meera Nair',
  'Rohit Verma',
];
for (const name of people) add(`/images/people/${kebab(name)}.svg`, () => avatar(name));

/** Illustrations: [path, seed icon, extra icons, palette]. */
const scenes: [string, string, string[], number?][] = [
  ['/images/hero/home.svg', 'graduation-cap', ['laptop', 'award'], 0],
  ['/images/hero/donation.svg', 'hand-heart', ['school', 'heart'], 1],
  ['/images/fields/medical.svg', 'stethoscope', ['heart-pulse', 'pill'], 3],
  ['/images/fields/engineering.svg', 'cpu', ['code', 'wrench'], 0],
  ['/images/fields/business.svg', 'briefcase-business', ['chart-line', 'users'], 1],
  ['/images/fields/creative.svg', 'palette', ['pen-tool', 'camera'], 5],
  ['/images/donation/classroom.svg', 'school', ['book-open', 'users'], 1],
  ['/images/donation/laptops.svg', 'laptop', ['wifi', 'graduation-cap'], 0],
  ['/images/donation/mentoring.svg', 'handshake', ['lightbulb', 'heart'], 2],
  ['/images/donation/scholarship.svg', 'award', ['indian-rupee', 'sparkles'], 6],
  ['/images/roles/law/corporate-law.svg', 'briefcase-business', ['scale', 'file-text'], 0],
  ['/images/roles/law/criminal-law.svg', 'gavel', ['shield-check', 'file-text'], 4],
  ['/images/roles/law/human-rights-law.svg', 'hand-heart', ['scale', 'globe'], 2],
  ['/images/roles/law/intellectual-property-law.svg', 'lightbulb', ['scale', 'stamp'], 6],
  ['/images/roles/law/environmental-law.svg', 'trees', ['scale', 'leaf'], 7],
  ['/images/roles/law/family-law.svg', 'house', ['heart', 'scale'], 3],
  ['/images/course-details/web-development.svg', 'code', ['monitor', 'smartphone'], 0],
];
for (const [path, seed, extras, palette] of scenes) add(path, () => illustration(path, seed, extras, palette));

add('/images/posters/demo-class-1.svg', () => poster('demo-class-1', 'code', 0));
add('/images/posters/demo-class-2.svg', () => poster('demo-class-2', 'chart-line', 2));

/** Catalogue and program pictures by topic: [slug, icon, palette]. */
export const topics: [string, string, number][] = [
  ['web-development', 'code', 0],
  ['python', 'terminal', 6],
  ['data-science', 'chart-line', 4],
  ['artificial-intelligence', 'brain-circuit', 5],
  ['machine-learning', 'brain', 5],
  ['cybersecurity', 'shield-check', 2],
  ['database', 'database', 7],
  ['java', 'coffee', 1],
  ['cpp', 'binary', 0],
  ['c-programming', 'terminal', 4],
  ['javascript', 'braces', 6],
  ['revit', 'building', 1],
  ['scada', 'gauge', 2],
  ['ansys', 'box', 4],
  ['chatbot', 'bot', 5],
  ['staad-pro', 'construction', 1],
  ['etabs', 'building-complex', 7],
  ['bim', 'layers', 0],
  ['autocad', 'drafting-compass', 4],
  ['matlab', 'sigma', 6],
  ['iot', 'radio-tower', 2],
  ['hvac', 'wind', 4],
  ['catia', 'cog', 1],
  ['solidworks', 'wrench', 7],
  ['digital-marketing', 'megaphone', 1],
  ['ui-ux', 'palette', 3],
  ['cloud', 'cloud', 4],
  ['embedded', 'circuit-board', 0],
  ['electric-vehicle', 'car-front', 2],
  ['power-systems', 'zap', 6],
  ['robotics', 'bot', 5],
  ['mobile', 'smartphone', 3],
  ['finance', 'indian-rupee', 7],
  ['hr', 'users', 1],
  ['supply-chain', 'truck', 4],
  ['product', 'rocket', 5],
  ['excel', 'sheet', 2],
  ['android', 'smartphone', 2],
  ['blockchain', 'blocks', 0],
  ['devops', 'git-branch', 4],
  ['testing', 'bug', 3],
  ['networking', 'network', 7],
  ['vlsi', 'cpu', 6],
  ['pcb', 'circuit-board', 1],
  ['solar', 'sun', 6],
  ['surveying', 'map', 2],
  ['construction', 'hard-hat', 1],
  ['deep-learning', 'brain-circuit', 0],
  ['nlp', 'languages', 3],
  ['computer-vision', 'scan-eye', 4],
  ['generative-ai', 'sparkles', 5],
  ['prompt-engineering', 'message-square-text', 6],
  ['mlops', 'server', 7],
  ['power-bi', 'chart-bar', 1],
  ['tableau', 'chart-pie', 2],
  ['automobile', 'car', 4],
  ['thermal', 'thermometer', 1],
  ['cad-cam', 'ruler', 0],
  ['law', 'scale', 0],
  ['medical', 'stethoscope', 3],
  ['pharmacy', 'pill', 2],
  ['architecture', 'building-complex', 1],
  ['hospitality', 'hotel', 6],
  ['media', 'newspaper', 4],
  ['psychology', 'brain', 5],
  ['agriculture', 'sprout', 7],
  ['commerce', 'calculator', 6],
  ['management', 'briefcase-business', 1],
  ['computer-applications', 'monitor', 0],
  ['engineering', 'cpu', 4],
  ['arts-science', 'microscope', 5],
  ['business-analyst', 'chart-bar', 2],
];
for (const [slug, lucide, palette] of topics) add(`/images/topics/${slug}.svg`, () => illustration(`topic-${slug}`, lucide, [], palette));

/** Social network marks: Simple Icons (CC0); LinkedIn's mark is not offered there, so a plain "in" is drawn. */
add('/images/social/facebook.svg', () => socialIcon(siFacebook.path, '#ffffff'));
add('/images/social/instagram.svg', () => socialIcon(siInstagram.path, '#ffffff'));
add('/images/social/twitter.svg', () => socialIcon(siX.path, '#ffffff'));
add('/images/social/youtube.svg', () => socialIcon(siYoutube.path, '#ffffff'));
add('/images/social/whatsapp.svg', () => socialIcon(siWhatsapp.path, '#ffffff'));
add('/images/social/linkedin.svg', () =>
  socialIcon(
    'M4 9h3.6v11H4zM5.8 3.5a2.1 2.1 0 1 1 0 4.2 2.1 2.1 0 0 1 0-4.2M9.8 9h3.4v1.5h.1c.5-.9 1.7-1.8 3.4-1.8 3.6 0 4.3 2.4 4.3 5.5V20h-3.6v-5.1c0-1.2 0-2.8-1.7-2.8s-2 1.3-2 2.7V20H9.8z',
    '#ffffff',
  ),
);

export const artworks: Artwork[] = art;
