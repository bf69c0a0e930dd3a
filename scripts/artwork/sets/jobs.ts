import { illustration } from '../kinds.ts';
import type { Artwork } from '../manifest.ts';

/** Pictures for the jobs area: the /jobs hero, one picture per job category, and one per job role. */

/** [path, main Lucide icon, up to two small icons, palette 0-7]. */
const scenes: [string, string, string[], number][] = [
  ['/images/jobs/hero.svg', 'briefcase-business', ['users', 'map-pinned'], 5],

  ['/images/jobs/categories/architectural.svg', 'drafting-compass', ['building', 'ruler'], 0],
  ['/images/jobs/categories/developer.svg', 'code', ['server', 'smartphone'], 4],
  ['/images/jobs/categories/marketing.svg', 'megaphone', ['chart-line', 'target'], 1],
  ['/images/jobs/categories/hr.svg', 'users', ['handshake', 'clipboard-list'], 2],
  ['/images/jobs/categories/content-writing.svg', 'pen-line', ['file-text', 'book-open'], 6],
  ['/images/jobs/categories/graphic-design.svg', 'palette', ['pen-tool', 'image'], 3],

  ['/images/jobs/architectural/architect.svg', 'drafting-compass', ['building', 'ruler'], 0],
  ['/images/jobs/architectural/interior-designer.svg', 'sofa', ['lamp', 'palette'], 3],
  ['/images/jobs/architectural/urban-planner.svg', 'map', ['land-plot', 'route'], 2],
  ['/images/jobs/architectural/landscape-architect.svg', 'trees', ['flower-2', 'sprout'], 7],
  ['/images/jobs/architectural/construction-manager.svg', 'hard-hat', ['construction', 'clipboard-check'], 5],

  ['/images/jobs/developer/frontend-developer.svg', 'monitor', ['code', 'layout-dashboard'], 0],
  ['/images/jobs/developer/backend-developer.svg', 'server', ['database', 'code'], 4],
  ['/images/jobs/developer/full-stack-developer.svg', 'layers', ['monitor', 'server'], 6],
  ['/images/jobs/developer/mobile-app-developer.svg', 'smartphone', ['code', 'tablet-smartphone'], 5],
  ['/images/jobs/developer/devops-engineer.svg', 'infinity', ['cloud', 'git-branch'], 2],

  ['/images/jobs/marketing/digital-marketing.svg', 'megaphone', ['chart-line', 'mouse-pointer-click'], 1],
  ['/images/jobs/marketing/content-marketing.svg', 'newspaper', ['pen-line', 'share-2'], 6],
  ['/images/jobs/marketing/social-media-manager.svg', 'message-circle-heart', ['thumbs-up', 'share-2'], 3],
  ['/images/jobs/marketing/seo-specialist.svg', 'search', ['trending-up', 'globe'], 4],
  ['/images/jobs/marketing/brand-manager.svg', 'gem', ['target', 'sparkles'], 7],

  ['/images/jobs/hr/hr-generalist.svg', 'users', ['clipboard-list', 'handshake'], 2],
  ['/images/jobs/hr/recruitment-specialist.svg', 'user-search', ['briefcase', 'file-user'], 0],
  ['/images/jobs/hr/training-and-development.svg', 'presentation', ['graduation-cap', 'lightbulb'], 6],
  ['/images/jobs/hr/compensation-and-benefits.svg', 'wallet', ['indian-rupee', 'heart-handshake'], 7],
  ['/images/jobs/hr/hr-analytics.svg', 'chart-pie', ['users', 'database'], 4],

  ['/images/jobs/content-writing/content-writer.svg', 'pen-line', ['file-text', 'book-open'], 6],
  ['/images/jobs/content-writing/technical-writer.svg', 'file-code', ['book-open', 'settings'], 0],
  ['/images/jobs/content-writing/copywriter.svg', 'type', ['megaphone', 'sparkles'], 1],
  ['/images/jobs/content-writing/seo-content-writer.svg', 'file-search', ['search', 'trending-up'], 4],
  ['/images/jobs/content-writing/script-writer.svg', 'clapperboard', ['pen-line', 'video'], 3],

  ['/images/jobs/graphic-design/graphic-designer.svg', 'palette', ['pen-tool', 'image'], 3],
  ['/images/jobs/graphic-design/ui-ux-designer.svg', 'layout-template', ['mouse-pointer-2', 'smartphone'], 0],
  ['/images/jobs/graphic-design/motion-graphics-designer.svg', 'film', ['play', 'sparkles'], 5],
  ['/images/jobs/graphic-design/branding-designer.svg', 'gem', ['pen-tool', 'swatch-book'], 7],
  ['/images/jobs/graphic-design/web-designer.svg', 'app-window', ['monitor', 'brush'], 2],
];

export const artworks: Artwork[] = scenes.map(([path, main, extras, palette]) => ({
  path,
  draw: () => illustration(path, main, extras, palette),
}));
