/**
 * The site's pages: what the rest of the server may use: the shape of a loader for pages rendered per request. The
 * releases the site is served from are the release store's (releases/index.ts), which the build and the editor use too.
 */

export type { PageDataLoader } from './renderer.ts';
