import fs from 'node:fs';
import path from 'node:path';
import type { ProjectPaths } from '../../engine/content/projectPaths.ts';
import type { ReferenceChoice } from '../protocol/types.ts';

/**
 * The choices a schema's x-options names, from data/site.json: its menus (a page's "In the menu") and its footer
 * columns (a page's "Footer"), each by the id a page writes and the name a person knows it by.
 */
export function settingChoices(paths: ProjectPaths): Record<string, ReferenceChoice[]> {
  let site: Record<string, unknown> = {};
  try {
    site = JSON.parse(fs.readFileSync(path.join(paths.data, 'site.json'), 'utf8')) as Record<string, unknown>;
  } catch {
    // A site file that cannot be read offers no choices; its own problem is shown where it is edited.
  }
  const list = (items: unknown, name: 'label' | 'title'): ReferenceChoice[] =>
    (Array.isArray(items) ? (items as Record<string, unknown>[]) : []).flatMap((item) =>
      typeof item?.['id'] === 'string' ? [{ id: item['id'], label: typeof item[name] === 'string' ? (item[name] as string) : item['id'] }] : [],
    );
  return {
    menus: list(site['navigation'], 'label'),
    footerColumns: list((site['footer'] as Record<string, unknown> | undefined)?.['columns'], 'title'),
  };
}
