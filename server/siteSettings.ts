import fs from 'node:fs';
import path from 'node:path';
import type { SiteSettings } from '../engine/types.ts';

/**
 * The site's settings as authors keep them in data/site.json: its name and
 * address, and the words the server's certificate answers, PDFs and
 * credentials use. Read once at start; the build has already validated them.
 */
export function readSiteSettings(root: string): SiteSettings {
  return JSON.parse(fs.readFileSync(path.join(root, 'data', 'site.json'), 'utf8')) as SiteSettings;
}

/** "No certificate found with ID: {id}. …" with the ID as it was typed (spec section 8). */
export function notFoundMessage(settings: SiteSettings, typed: string): string {
  return settings.ui.verify.notFound.replace('{id}', typed);
}
