/**
 * Every stylesheet of the site's parts, for the one stylesheet of the site: a second entry of the client's build (see
 * vite.config.ts) that no page loads. The sections that are never hydrated ship no code, so nothing the browser loads
 * imports their stylesheets; their rules come into the site's stylesheet through here, and their class names are the
 * ones the prerendered HTML carries (the same files, named the same way in both builds). The class names are kept on
 * a global only so that the bundler cannot drop them, and the rules with them: this file is never run.
 */
(globalThis as { siteStylesheets?: unknown }).siteStylesheets = import.meta.glob(
  ['./sections/**/*.css', './ui/**/*.css', './layout/**/*.css', './runtime/**/*.css', './search/**/*.css'],
  // Under a name of their own (the same files), so that these imports share no module with the islands' and split none into a chunk apart.
  { eager: true, query: '?every' },
);
