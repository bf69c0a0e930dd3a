/**
 * npm run new -- internship "Data Analytics" | jobs "Finance Jobs" | course "Cloud Computing"
 * Writes a complete, valid starting page (and, for a course, its data file) from a template.
 * Texts to change start with ✎; `npm run validate` lists any that remain.
 */
import fs from 'node:fs';
import path from 'node:path';
import { TEMPLATE_MARK } from '../engine/content/templateMarks.ts';
import { projectPaths } from '../engine/content/projectPaths.ts';

const M = `${TEMPLATE_MARK} `;
const [kind, rawName] = process.argv.slice(2);
const usage = 'Usage: npm run new -- internship "Data Analytics" | jobs "Finance Jobs" | course "Cloud Computing"';

function fail(message: string): never {
  console.error(message);
  process.exit(1);
}

const name = (rawName ?? '').trim().replace(/\s+/g, ' ');
if (!kind || !['internship', 'jobs', 'course'].includes(kind)) fail(usage);
if (!/^[A-Za-z][A-Za-z0-9 &'-]{1,48}$/.test(name)) fail(`"${rawName ?? ''}" cannot be a page name: use letters, digits, spaces, & ' and -, starting with a letter (at most 50 characters).\n${usage}`);

const paths = projectPaths(process.cwd());
const site = JSON.parse(fs.readFileSync(path.join(paths.data, 'site.json'), 'utf8')) as { name: string };
const words = name.split(' ');
const camel = words.map((w, i) => (i === 0 ? w.charAt(0).toLowerCase() + w.slice(1) : w.charAt(0).toUpperCase() + w.slice(1))).join('').replace(/[^A-Za-z0-9]/g, '');
const pascal = camel.charAt(0).toUpperCase() + camel.slice(1);
const title = (text: string) => (`${text} | ${site.name}`.length <= 70 ? `${text} | ${site.name}` : text.slice(0, 70));

function existingPaths(): string[] {
  const out: string[] = [];
  const walk = (dir: string) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      const abs = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(abs);
      else if (entry.name.endsWith('.json')) {
        try {
          const doc = JSON.parse(fs.readFileSync(abs, 'utf8')) as { path?: string; aliases?: string[] };
          out.push(...[doc.path ?? '', ...(doc.aliases ?? [])].map((p) => p.toLowerCase()));
        } catch {
          // a broken file is reported by npm run validate
        }
      }
    }
  };
  walk(paths.pages);
  return out;
}

function write(rel: string, value: unknown): string {
  const abs = path.join(paths.root, rel);
  if (fs.existsSync(abs)) fail(`${rel} already exists; choose another name or edit that file.`);
  fs.mkdirSync(path.dirname(abs), { recursive: true });
  const text = `${JSON.stringify(value, null, 2)}\n`;
  fs.writeFileSync(abs, text);
  return text;
}

function certificateSample() {
  return {
    type: 'gallery',
    title: 'Certificate Sample',
    intro: 'Every intern receives an offer letter when they start and a verifiable certificate when they finish.',
    images: [
      { src: '/images/documents/offer-letter.svg', caption: 'Offer letter' },
      { src: '/images/documents/certificate.svg', caption: 'Internship certificate' },
    ],
  };
}

const created: { rel: string; text: string }[] = [];
let pagePath = '';

if (kind === 'internship') {
  pagePath = `/internship/${name}`;
  if (existingPaths().includes(pagePath.toLowerCase())) fail(`A page with the path ${pagePath} already exists.`);
  const role = (id: string, roleTitle: string, weeks: number, stipend: number) => ({
    id,
    title: `${M}${roleTitle}`,
    description: `${M}What a ${roleTitle} intern does, in two or three sentences: the work, the team and what they learn.`,
    image: '/images/hero/home.svg',
    details: {
      durationWeeks: weeks,
      stipend,
      location: 'Delhi',
      mode: 'Remote/On-site',
      eligibility: `${M}Who can apply, such as students of any year.`,
      skills: [`${M}First skill`, `${M}Second skill`, `${M}Third skill`],
      responsibilities: [`${M}First responsibility`, `${M}Second responsibility`, `${M}Third responsibility`],
    },
  });
  const rel = `pages/internship/${name}.json`;
  created.push({
    rel,
    text: write(rel, {
      $schema: '../../schemas/page.schema.json',
      path: pagePath,
      title: title(`${name} Internships with Stipend`),
      description: `${M}Online ${name} internships with a monthly stipend, 1:1 mentorship and a verifiable certificate.`,
      nav: { menu: 'internships', label: name, order: 200 },
      sections: [
        {
          type: 'roleSelector',
          title: `${name} Internships`,
          intro: `${M}One or two sentences about ${name} internships. Choose a role to see its stipend, duration and what you will do.`,
          defaultRole: `${camel}Associate`,
          roles: [role(`${camel}Associate`, `${name} Associate`, 6, 6000), role(`${camel}Analyst`, `${name} Analyst`, 8, 7000)],
          apply: { label: 'Apply Now', href: 'setting:applyForm', newTab: true },
        },
        certificateSample(),
      ],
    }),
  });
} else if (kind === 'jobs') {
  pagePath = `/jobs/${name}`;
  if (existingPaths().includes(pagePath.toLowerCase())) fail(`A page with the path ${pagePath} already exists.`);
  const role = (id: string, roleTitle: string) => ({
    id,
    title: `${M}${roleTitle}`,
    description: `${M}What a ${roleTitle} does, in two or three sentences.`,
    image: '/images/hero/home.svg',
    details: {
      experienceYears: { min: 1, max: 3 },
      salaryLpa: { min: 4, max: 8 },
      location: 'Remote/On-site (Delhi, Mumbai, Bangalore)',
      eligibility: `${M}Who can apply, such as graduates with a related degree.`,
      skills: [`${M}First skill`, `${M}Second skill`, `${M}Third skill`],
      responsibilities: [`${M}First responsibility`, `${M}Second responsibility`, `${M}Third responsibility`],
      benefits: [`${M}First benefit`, `${M}Second benefit`],
    },
  });
  const base = name.replace(/ Jobs$/i, '');
  const rel = `pages/jobs/${name}.json`;
  created.push({
    rel,
    text: write(rel, {
      $schema: '../../schemas/page.schema.json',
      path: pagePath,
      title: title(name),
      description: `${M}${base} roles with companies that hire through ${site.name}: experience, salary and how to apply.`,
      nav: { menu: 'jobs', label: name, order: 200 },
      sections: [
        {
          type: 'jobRoleSelector',
          title: name,
          intro: `${M}One or two sentences about these jobs. Choose a role to see the experience asked for, the salary range and what the job involves.`,
          defaultRole: `${camel}Specialist`,
          roles: [role(`${camel}Specialist`, `${base} Specialist`), role(`${camel}Manager`, `${base} Manager`)],
          apply: { label: 'Apply Now', href: 'setting:careersEmail', newTab: true },
        },
      ],
    }),
  });
} else {
  pagePath = `/courses/${pascal}`;
  if (existingPaths().includes(pagePath.toLowerCase())) fail(`A page with the path ${pagePath} already exists.`);
  const dataRel = `data/courseDetails/${pascal}.json`;
  created.push({
    rel: dataRel,
    text: write(dataRel, {
      $schema: '../../schemas/data/courseDetails.schema.json',
      id: pascal,
      title: name,
      description: `${M}About the course, in three or four sentences: what students learn, how it is taught and what they build.`,
      image: '/images/hero/home.svg',
      oldPrice: 20000,
      newPrice: 15000,
      durationWeeks: 8,
      weeklyClassHours: 6,
      totalHours: '80+',
      projects: '10+',
      instructor: { name: `${M}Instructor's name`, bio: `${M}Two or three sentences about the instructor.`, image: '/images/hero/home.svg' },
      highlights: [`${M}First highlight`, `${M}Second highlight`],
      syllabus: [`${M}Module one`, `${M}Module two`, `${M}Module three`],
      moduleDetails: { blurb: 'Each module combines short recorded lessons with a live class, practice exercises and a mini project reviewed by your mentor.', items: ['Video Lectures', 'Quizzes', 'Assignments', 'Project Work'] },
      benefits: ['Lifetime access to course material', 'Certificate of completion', '24/7 support from mentors and peers'],
      testimonials: [],
      faqs: [{ question: 'Do I need prior knowledge?', answer: `${M}The answer, in plain sentences.` }],
      apply: 'setting:courseApplyForm',
    }),
  });
  const rel = `pages/courses/${pascal}.json`;
  created.push({
    rel,
    text: write(rel, {
      $schema: '../../schemas/page.schema.json',
      path: pagePath,
      title: title(`${name} Course`),
      description: `${M}Learn ${name} online with live classes, projects and a certificate. Say the weeks and the price here.`,
      nav: { menu: 'courses', label: name, order: 200 },
      sections: [{ type: 'courseDetail', courseId: pascal }],
    }),
  });
}

for (const { rel, text } of created) {
  console.log(`Created ${rel}`);
  const lines = text.split('\n').map((line, i) => ({ line, number: i + 1 })).filter(({ line }) => line.includes(TEMPLATE_MARK));
  console.log(`  ${lines.length} texts to change (marked ${TEMPLATE_MARK}), on lines ${lines.map((l) => l.number).join(', ')}.`);
}
console.log(`
Next: open ${created.map((c) => c.rel).join(' and ')} and write over every text that starts with ${TEMPLATE_MARK}.
Also check the figures (stipends, weeks, prices) and replace the pictures (see CONTENT.md).
Then run \`npm run validate\`, and \`npm start\` to see the page at http://localhost:5000${encodeURI(pagePath)}.
It is already in the navigation, the search and the sitemap; nothing else needs to change.`);
