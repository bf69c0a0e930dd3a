import fs from 'node:fs';
import path from 'node:path';

/**
 * Real pages the generated ones are copied from: a mix of section types that
 * feed no site-wide index (a copied course page would add a course to the
 * catalogue, a copied stream would add roles to the finder).
 */
export const TEMPLATE_PAGES = ['about', 'services', 'terms', 'faq', 'donation', 'ReferralProgram', 'jobs/Developer Jobs'];

/** Writes `count` page documents under pages/bench/ of a project copy, cycling through the templates. */
export function writeGeneratedPages(root: string, count: number): string[] {
  const templates = TEMPLATE_PAGES.map((name) => JSON.parse(fs.readFileSync(path.join(root, 'pages', `${name}.json`), 'utf8')) as Record<string, unknown>);
  const folder = path.join(root, 'pages', 'bench');
  fs.mkdirSync(folder, { recursive: true });
  const paths: string[] = [];
  for (let i = 0; i < count; i++) {
    const page = structuredClone(templates[i % templates.length]!);
    // Menus, footer links and aliases belong to the original page only.
    delete page['nav'];
    delete page['footer'];
    delete page['aliases'];
    page['$schema'] = '../../schemas/page.schema.json';
    page['path'] = `/bench/page-${i}`;
    page['title'] = `${String(page['title']).split('|')[0]!.trim()} ${i} | InternCraft`;
    paths.push(page['path'] as string);
    fs.writeFileSync(path.join(folder, `page-${i}.json`), JSON.stringify(page, null, 2));
  }
  return paths;
}
