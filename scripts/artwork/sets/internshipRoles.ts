/**
 * Pictures for the internship stream pages (pages/internship/*): one illustration per role, one palette per
 * stream, and the avatars of the interns quoted in data/testimonials.json.
 */

import { avatar, illustration } from '../kinds.ts';
import type { Artwork } from '../manifest.ts';

const kebab = (text: string) =>
  text
    .replace(/[^A-Za-z0-9]+/g, '-')
    .replace(/^-|-$/g, '')
    .toLowerCase();

/** Role pictures by stream: [folder under /images/roles, palette, [[file name, main Lucide icon, two small icons], ...]]. */
const streams: [string, number, [string, string, [string, string]][]][] = [
  [
    'engineering',
    0,
    [
      ['software-engineering', 'code-xml', ['git-branch', 'terminal']],
      ['data-science', 'chart-line', ['database', 'sigma']],
      ['artificial-intelligence', 'brain-circuit', ['sparkles', 'cpu']],
      ['cybersecurity', 'shield-check', ['lock', 'bug']],
      ['iot', 'radio-tower', ['wifi', 'cpu']],
      ['robotics', 'bot', ['cog', 'cpu']],
      ['cloud-computing', 'cloud', ['server', 'network']],
      ['blockchain', 'blocks', ['link', 'lock']],
    ],
  ],
  [
    'computer-applications',
    4,
    [
      ['web-development', 'code', ['monitor', 'globe']],
      ['mobile-app-development', 'smartphone', ['tablet-smartphone', 'code']],
      ['database-management', 'database', ['table', 'server']],
      ['ui-ux-design', 'palette', ['pen-tool', 'layout-dashboard']],
      ['software-testing', 'bug', ['circle-check', 'list-checks']],
      ['digital-marketing', 'megaphone', ['chart-line', 'search']],
    ],
  ],
  [
    'management',
    1,
    [
      ['marketing', 'target', ['megaphone', 'chart-line']],
      ['finance', 'indian-rupee', ['chart-line', 'wallet']],
      ['human-resources', 'users', ['user-plus', 'handshake']],
      ['operations', 'workflow', ['truck', 'package']],
      ['business-development', 'handshake', ['trending-up', 'briefcase-business']],
    ],
  ],
  [
    'commerce',
    6,
    [
      ['accounting', 'calculator', ['book-open', 'receipt']],
      ['taxation', 'receipt-indian-rupee', ['file-text', 'calculator']],
      ['auditing', 'file-search', ['clipboard-check', 'shield-check']],
      ['financial-analysis', 'chart-candlestick', ['indian-rupee', 'sheet']],
      ['banking-operations', 'landmark', ['credit-card', 'wallet']],
    ],
  ],
  [
    'arts-science',
    5,
    [
      ['research-assistant', 'microscope', ['book-open', 'flask-conical']],
      ['content-writing', 'pen-line', ['file-text', 'book-open']],
      ['data-analysis', 'chart-bar', ['sheet', 'sigma']],
      ['teaching-assistant', 'presentation', ['graduation-cap', 'users']],
      ['social-research', 'users-round', ['clipboard-list', 'map']],
    ],
  ],
  [
    'pharmacy',
    7,
    [
      ['clinical-pharmacy', 'pill', ['stethoscope', 'clipboard-list']],
      ['pharmaceutical-research', 'flask-conical', ['microscope', 'test-tube']],
      ['hospital-pharmacy', 'hospital', ['pill', 'package']],
      ['community-pharmacy', 'store', ['pill', 'heart-pulse']],
      ['regulatory-affairs', 'file-check', ['stamp', 'scale']],
    ],
  ],
  [
    'medical',
    3,
    [
      ['clinical-research', 'microscope', ['clipboard-list', 'activity']],
      ['hospital-administration', 'hospital', ['calendar', 'users']],
      ['medical-coding', 'file-code', ['stethoscope', 'binary']],
      ['public-health', 'heart-pulse', ['users', 'globe']],
      ['medical-writing', 'notebook-pen', ['stethoscope', 'file-text']],
    ],
  ],
  [
    'architecture',
    1,
    [
      ['architectural-design', 'drafting-compass', ['ruler', 'building']],
      ['urban-planning', 'map', ['building', 'trees']],
      ['interior-design', 'sofa', ['lamp', 'palette']],
      ['landscape-architecture', 'trees', ['flower', 'drafting-compass']],
      ['construction-management', 'hard-hat', ['construction', 'clipboard-check']],
    ],
  ],
  [
    'hospitality',
    6,
    [
      ['hotel-management', 'hotel', ['bed-double', 'concierge-bell']],
      ['event-management', 'calendar-check', ['party-popper', 'users']],
      ['food-and-beverage', 'utensils-crossed', ['chef-hat', 'coffee']],
      ['travel-and-tourism', 'plane', ['map', 'luggage']],
      ['customer-service', 'headset', ['face-slightly-smiling', 'message-circle']],
    ],
  ],
  [
    'media',
    0,
    [
      ['journalism', 'newspaper', ['mic', 'pen-line']],
      ['content-writing', 'pen-line', ['file-text', 'type']],
      ['social-media-management', 'share-2', ['heart', 'message-circle']],
      ['video-production', 'clapperboard', ['video', 'film']],
      ['public-relations', 'megaphone', ['handshake', 'newspaper']],
    ],
  ],
  [
    'psychology',
    5,
    [
      ['clinical-psychology', 'brain', ['clipboard-list', 'stethoscope']],
      ['counselling-psychology', 'messages-square', ['heart-handshake', 'user']],
      ['child-psychology', 'baby', ['puzzle', 'face-slightly-smiling']],
      ['organisational-psychology', 'building', ['users', 'brain']],
      ['research-psychology', 'chart-scatter', ['brain', 'clipboard-list']],
    ],
  ],
  [
    'agriculture',
    2,
    [
      ['sustainable-farming', 'sprout', ['sun', 'droplets']],
      ['agritech', 'tractor', ['satellite', 'cpu']],
      ['horticulture', 'flower-2', ['apple', 'shovel']],
      ['agroforestry', 'trees', ['leaf', 'sprout']],
      ['food-processing', 'factory', ['wheat', 'package']],
    ],
  ],
  [
    'business-analyst',
    4,
    [
      ['business-analysis', 'briefcase-business', ['workflow', 'chart-bar']],
      ['data-analysis', 'chart-bar', ['sheet', 'database']],
      ['financial-analysis', 'chart-candlestick', ['indian-rupee', 'calculator']],
      ['market-research', 'search', ['users', 'chart-pie']],
      ['product-management', 'rocket', ['kanban', 'users']],
    ],
  ],
];

/** Interns quoted on the stream pages. */
const interns = [
  'Karthik Ramaswamy',
  'Ishita Banerjee',
  'Harpreet Kaur',
  'Sameer Ansari',
  'Pooja Kulkarni',
  'Nikhil Joshi',
  'Riya Malhotra',
  'Aman Tiwari',
  'Shreya Pillai',
  'Tanvi Agarwal',
  'Mohit Bansal',
  'Farah Siddiqui',
  'Anjali Das',
  'Rohan Chaudhary',
  'Divya Menon',
  'Sneha Patil',
  'Aarav Saxena',
  'Lakshmi Narayanan',
  'Aditi Deshpande',
  'Varun Kapoor',
  'Nandini Hegde',
  'Simran Arora',
  'Rajat Chauhan',
  'Fatima Qureshi',
  'Zoya Mirza',
  'Devansh Bhatt',
  'Ira Sengupta',
  'Ritika Bhattacharya',
  'Aryan Khurana',
  'Meghna Pandey',
  'Gurpreet Sandhu',
  'Keerthana Murugan',
  'Abhishek Yadav',
];

export const artworks: Artwork[] = [
  ...streams.flatMap(([folder, palette, roles]) =>
    roles.map(([name, main, extras]) => {
      const path = `/images/roles/${folder}/${name}.svg`;
      return { path, draw: () => illustration(path, main, extras, palette) };
    }),
  ),
  ...interns.map((name) => ({ path: `/images/people/${kebab(name)}.svg`, draw: () => avatar(name) })),
];
