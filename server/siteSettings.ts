import fs from 'node:fs';
import path from 'node:path';
import type { SiteSettings } from '../engine/types.ts';

/**
 * The site's settings as authors keep them in data/site.json: its name and
 * address, and every word the server answers with. Read once at start; the
 * build has already validated them.
 */
export function readSiteSettings(root: string): SiteSettings {
  return JSON.parse(fs.readFileSync(path.join(root, 'data', 'site.json'), 'utf8')) as SiteSettings;
}
