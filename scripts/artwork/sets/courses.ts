/** Course detail pages: course pictures and instructor avatars. */

import { avatar, illustration } from '../kinds.ts';
import type { Artwork } from '../manifest.ts';

/** Course pictures: [path, main icon, small icons, palette]. */
const courses: [string, string, string[], number][] = [
  ['/images/course-details/python-programming.svg', 'terminal', ['code', 'file-code'], 6],
  ['/images/course-details/digital-marketing.svg', 'megaphone', ['chart-line', 'mail'], 1],
  ['/images/course-details/machine-learning.svg', 'brain-circuit', ['chart-scatter', 'cpu'], 5],
  ['/images/course-details/advanced-excel.svg', 'sheet', ['calculator', 'chart-bar'], 2],
  ['/images/course-details/autocad.svg', 'drafting-compass', ['ruler', 'layers'], 4],
  ['/images/course-details/data-science.svg', 'chart-line', ['database', 'chart-pie'], 4],
  ['/images/course-details/c-cpp-programming.svg', 'binary', ['code', 'cpu'], 0],
  ['/images/course-details/full-stack-development.svg', 'layers', ['server', 'monitor'], 3],
  ['/images/course-details/cyber-security.svg', 'shield-check', ['lock', 'bug'], 2],
  ['/images/course-details/hr-management.svg', 'users', ['handshake', 'clipboard-list'], 1],
  ['/images/course-details/electric-vehicle.svg', 'car-front', ['battery-charging', 'zap'], 7],
  ['/images/course-details/ui-ux-design.svg', 'palette', ['pen-tool', 'smartphone'], 3],
  ['/images/course-details/product-management.svg', 'rocket', ['kanban', 'target'], 5],
  ['/images/course-details/financial-modelling.svg', 'indian-rupee', ['chart-candlestick', 'calculator'], 7],
  ['/images/course-details/supply-chain-logistics.svg', 'truck', ['package', 'warehouse'], 4],
  ['/images/course-details/revit.svg', 'building', ['layers', 'ruler'], 1],
  ['/images/course-details/scada.svg', 'gauge', ['activity', 'server'], 2],
];

/** Course instructors. */
const instructors = [
  'Siddharth Kulkarni',
  'Ishita Malhotra',
  'Karthik Subramanian',
  'Pooja Agarwal',
  'Manish Tiwari',
  'Shruti Deshpande',
  'Abhishek Pandey',
  'Nikhil Bansal',
  'Farhan Qureshi',
  'Ritu Saxena',
  'Harish Menon',
  'Tanvi Joshi',
  'Varun Khanna',
  'Deepak Choudhary',
  'Sunita Rathore',
  'Amit Srivastava',
  'Nandini Krishnan',
  'Rajesh Patil',
];

const kebab = (name: string) =>
  name
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');

export const artworks: Artwork[] = [
  ...courses.map(([path, main, extras, palette]) => ({ path, draw: () => illustration(path, main, extras, palette) })),
  ...instructors.map((name) => ({ path: `/images/people/${kebab(name)}.svg`, draw: () => avatar(name) })),
];
