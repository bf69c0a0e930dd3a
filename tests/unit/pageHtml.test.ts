import { describe, expect, it } from 'vitest';
import { synonymExpander } from '../../engine/search/searchEngine.ts';
import { composePage, scriptSafeJson } from '../../engine/shared/pageHtml.ts';

const template = [
  '<!doctype html><html><head><meta charset="utf-8" />',
  '<!--app-head-->',
  '</head><body><div id="root"><!--app-html--></div><script type="module" src="/assets/app.js"></script></body></html>',
].join('\n');

/** What String.replace reads in a replacement string: the text before and after the match, the match, a group, a dollar. */
const patterns = ['$`', "$'", '$&', '$$', '$1', '$<name>', '$`'.repeat(64)];

describe('a page put together from the template', () => {
  it("puts the head, the body, the list of the page's modules and the preloaded data where the template marks them", () => {
    const html = composePage(template, { head: '<title>T</title>', jsonLd: [], preloads: ['assets/page.js'], body: '<main>B</main>', data: { a: 1 } });
    expect(html).toBe(
      [
        '<!doctype html><html><head><meta charset="utf-8" />',
        '<title>T</title>',
        '</head><body><div id="root"><main>B</main></div><script type="module" src="/assets/app.js"></script><script type="application/json" id="page-modules">["assets/page.js"]</script><script type="application/json" id="preloaded-data">{"a":1}</script></body></html>',
      ].join('\n'),
    );
  });

  it.each(patterns)('writes %s in the page as it is, never as an order to copy the template', (text) => {
    const body = `<main>Certificate ${text} not found</main>`;
    const head = `<title>${text}</title>`;
    const html = composePage(template, { head, jsonLd: [], preloads: [], body, data: { id: text } });
    expect(html).toContain(body);
    expect(html).toContain(head);
    const data = `<script type="application/json" id="preloaded-data">${scriptSafeJson({ id: text })}</script>`;
    expect(html).toContain(data);
    // The template's own text once, and nothing more than what was put in.
    expect(html.split('<!doctype html>')).toHaveLength(2);
    const expected = template.length - '<!--app-head--><!--app-html-->'.length + head.length + body.length;
    expect(html.length).toBe(expected + data.length);
  });

  it('looks for its markers in the template only, not in what the page holds', () => {
    const html = composePage(template, { head: '<meta name="x" content="<!--app-html--> </body>" />', jsonLd: [], preloads: [], body: '<main>B</main>' });
    expect(html).toContain('<meta name="x" content="<!--app-html--> </body>" />');
    expect(html).toContain('<div id="root"><main>B</main></div>');
  });
});

describe('search synonyms', () => {
  it('are written as the site writes them, even when they hold $ patterns', () => {
    const expand = synonymExpander({ ml: "machine learning $& $' $`" });
    expect(expand('ml course')).toContain("machine learning $& $' $` course");
  });
});
