import fs from 'node:fs';
import path from 'node:path';
import { JSDOM } from 'jsdom';
import { describe, expect, it } from 'vitest';
import { cleanSvg } from '../../../editor/server/svgCleaner.ts';
import { projectRoot } from '../../../tooling/projectCopy.ts';

const SVG = 'xmlns="http://www.w3.org/2000/svg"';
const XLINK = 'xmlns:xlink="http://www.w3.org/1999/xlink"';

/** Known ways to run script from an SVG (OWASP's XSS filter evasion sheet, the issue's own two, and their kin). */
const attacks: [string, string][] = [
  ['a script element', `<svg ${SVG}><script>alert(1)</script><circle r="5"/></svg>`],
  ['a script in CDATA', `<svg ${SVG}><script><![CDATA[alert(1)]]></script></svg>`],
  ['an onload handler', `<svg ${SVG} onload="alert(1)"><circle r="5"/></svg>`],
  ['<svg:script> with a prefix', `<svg ${SVG} xmlns:svg="http://www.w3.org/2000/svg"><svg:script>alert(1)</svg:script><circle r="5"/></svg>`],
  ['a script under any prefix', `<svg ${SVG}><x:script xmlns:x="http://www.w3.org/2000/svg">alert(1)</x:script></svg>`],
  ['entity-encoded javascript:', `<svg ${SVG} ${XLINK}><a xlink:href="&#106;avascript:alert(1)"><text>x</text></a></svg>`],
  ['hex entities and a tab in javascript:', `<svg ${SVG}><a href="&#x6A;ava&#x09;script&#x3A;alert(1)"><text>x</text></a></svg>`],
  ['javascript: in mixed case', `<svg ${SVG}><a href="JaVaScRiPt:alert(1)"><text>x</text></a></svg>`],
  ['a named entity for the colon', `<svg ${SVG}><a href="javascript&colon;alert(1)"><text>x</text></a></svg>`],
  ['an event handler on an image', `<svg ${SVG}><image href="x.png" onerror="alert(1)"/></svg>`],
  ['an iframe in foreignObject', `<svg ${SVG}><foreignObject><iframe src="javascript:alert(1)"></iframe></foreignObject></svg>`],
  [
    'an XHTML script in foreignObject',
    `<svg ${SVG}><foreignObject width="10" height="10"><html xmlns="http://www.w3.org/1999/xhtml"><script>alert(1)</script></html></foreignObject></svg>`,
  ],
  ['set animating a link', `<svg ${SVG}><a><set attributeName="href" to="javascript:alert(1)"/><text>x</text></a></svg>`],
  ['animate animating a link', `<svg ${SVG}><a><animate attributeName="href" values="javascript:alert(1)"/><text>x</text></a></svg>`],
  ['a DOCTYPE entity holding a script', `<?xml version="1.0"?><!DOCTYPE svg [<!ENTITY s "<script>alert(1)</script>">]><svg ${SVG}>&s;</svg>`],
  ['a DOCTYPE entity holding javascript:', `<!DOCTYPE svg [<!ENTITY j "javascript:">]><svg ${SVG}><a href="&j;alert(1)"><text>x</text></a></svg>`],
  ['a script fetched by xlink:href', `<svg ${SVG} ${XLINK}><script xlink:href="data:,alert(1)"/></svg>`],
  [
    'a use of an SVG in a data: URL',
    `<svg ${SVG}><use href="data:image/svg+xml;base64,PHN2ZyB4bWxucz0naHR0cDovL3d3dy53My5vcmcvMjAwMC9zdmcnIG9ubG9hZD0nYWxlcnQoMSknLz4=#x"/></svg>`,
  ],
  ['an SVG Tiny handler', `<svg ${SVG} xmlns:ev="http://www.w3.org/2001/xml-events"><handler ev:event="load">alert(1)</handler></svg>`],
  ['an embed', `<svg ${SVG}><embed src="javascript:alert(1)"/></svg>`],
  ['an object', `<svg ${SVG}><object data="javascript:alert(1)"></object></svg>`],
  ['an HTML page that holds an SVG', `<html><body><svg ${SVG}><circle r="5"/></svg><script>alert(1)</script><img src=x onerror=alert(1)></body></html>`],
];

/** How a browser reads the written file (XML), and anything in it that could still run. */
function activeParts(svg: string): string[] {
  const { window } = new JSDOM('');
  const document = new window.DOMParser().parseFromString(svg, 'image/svg+xml');
  const found: string[] = [];
  if (document.getElementsByTagName('parsererror').length) found.push('not XML');
  if (/<!DOCTYPE|<!ENTITY/i.test(svg)) found.push('a DOCTYPE');
  for (const element of document.getElementsByTagName('*')) {
    const name = element.localName.toLowerCase();
    if (['script', 'foreignobject', 'iframe', 'embed', 'object', 'handler', 'set', 'animate', 'html'].includes(name)) found.push(`<${name}>`);
    for (const attribute of element.attributes) {
      if (/^on/i.test(attribute.localName)) found.push(attribute.name);
      if (/^(javascript|vbscript|data):/i.test(attribute.value.replace(/[\s\p{Cc}]+/gu, ''))) found.push(`${attribute.name}=${attribute.value}`);
    }
  }
  return found;
}

describe('an uploaded SVG, cleaned by DOMPurify', () => {
  it.each(attacks)('keeps nothing that runs: %s', (_what, upload) => {
    const cleaned = cleanSvg(upload);
    if ('refused' in cleaned) {
      expect(cleaned.refused.message).toMatch(/SVG/);
      return;
    }
    expect(activeParts(cleaned.svg)).toEqual([]);
    expect(cleaned.svg.startsWith('<svg xmlns="http://www.w3.org/2000/svg"')).toBe(true);
  });

  it('says what it took out', () => {
    const cleaned = cleanSvg(attacks[3]![1]);
    expect(cleaned).toMatchObject({ removed: expect.arrayContaining(['<svg:script>']) });
    expect(cleanSvg(attacks[2]![1])).toMatchObject({ removed: ['onload'] });
  });

  it('keeps the drawing: its size, gradients, paths, styles and links within the file; an editor’s own markup goes', () => {
    const drawing = `<svg ${SVG} ${XLINK} xmlns:inkscape="http://www.inkscape.org/namespaces/inkscape" viewBox="0 0 10 10" width="10" height="10"><defs><linearGradient id="g" x1="0" x2="1"><stop offset="0" stop-color="#f00"/></linearGradient></defs><style>.a{fill:#123}</style><g inkscape:label="Layer 1"><rect width="10" height="10" fill="url(#g)"/><path class="a" d="M0 0L10 10" stroke="#000"/><a href="#g"><text x="1" y="5">A &amp; B</text></a></g></svg>`;
    const cleaned = cleanSvg(drawing);
    if ('refused' in cleaned) throw cleaned.refused;
    for (const part of [
      'viewBox="0 0 10 10"',
      '<linearGradient id="g" x1="0" x2="1">',
      'fill="url(#g)"',
      '<path class="a" d="M0 0L10 10" stroke="#000"/>',
      '<style>.a{fill:#123}</style>',
      '<a href="#g">',
      'A &amp; B',
    ])
      expect(cleaned.svg).toContain(part);
    expect(cleaned.svg).not.toContain('inkscape');
    expect(cleaned.removed).toEqual(expect.arrayContaining(['inkscape:label']));
    expect(activeParts(cleaned.svg)).toEqual([]);
  });

  /** Each way a drawing can load something from elsewhere: a link, a picture, a sprite, a style sheet, a font. */
  const external: [string, string][] = [
    ['a picture by href', `<image href="https://evil.example/a.png" width="5" height="5"/>`],
    ['a picture by xlink:href', `<image xlink:href="http://evil.example/b.png" width="5" height="5"/>`],
    ['a sprite from another host, scheme-relative', `<use href="//evil.example/c.svg#icon"/>`],
    ['a sprite by a relative address', `<use href="icons.svg#icon"/>`],
    ['a link to another site', `<a href="https://evil.example/d"><text>link</text></a>`],
    ['a drawing in a data: address', `<image href="data:image/svg+xml;base64,PHN2ZyB4bWxucz0naHR0cDovL3d3dy53My5vcmcvMjAwMC9zdmcnLz4=" width="5" height="5"/>`],
    ['url() in a style attribute', `<rect width="5" height="5" style="stroke:#000;fill:url(https://evil.example/e.svg#g)"/>`],
    ['a quoted url() in a style attribute', `<rect width="5" height="5" style="fill: url( 'http://evil.example/f.svg#g' )"/>`],
    ['url() in a paint attribute', `<rect width="5" height="5" fill="url(http://evil.example/g.svg#g)"/>`],
    ['url() in a filter attribute', `<rect width="5" height="5" filter="url(//evil.example/h.svg#f)"/>`],
    ['@import url() in <style>', `<style>@import url(https://evil.example/i.css); .a{fill:#123}</style>`],
    ['@import of a string in <style>', `<style>@import "https://evil.example/j.css"; .a{fill:#123}</style>`],
    ['url() in a <style> rule', `<style>.a{fill:#123;stroke:url(https://evil.example/k.svg#g)}</style>`],
    ['url() written with an escape in <style>', `<style>.a{fill:#123;background:u\\72 l(https://evil.example/l.png)}</style>`],
    ['image-set() in <style>', `<style>.a{fill:#123;background-image:image-set("https://evil.example/m.png" 1x)}</style>`],
    ['a web font in <style>', `<style>@font-face{font-family:X;src:url(https://evil.example/n.woff2)}.a{fill:#123}</style>`],
    ['a data: picture in <style>', `<style>.a{fill:#123;cursor:url(data:image/png;base64,iVBORw0KGgo=),auto}</style>`],
    ['a style sheet by processing instruction', `<?xml-stylesheet href="https://evil.example/o.css"?><rect width="5" height="5"/>`],
  ];

  it.each(external)('drops an external reference: %s', (_what, inside) => {
    const cleaned = cleanSvg(`<svg ${SVG} ${XLINK} viewBox="0 0 10 10"><circle r="5"/>${inside}</svg>`);
    if ('refused' in cleaned) throw cleaned.refused;
    expect(cleaned.svg).not.toMatch(/evil\.example|icons\.svg|data:|url\((?!#)|@import|image-set|<\?/i);
    expect(cleaned.svg).toContain('<circle r="5"/>');
    expect(cleaned.removed.length).toBeGreaterThan(0);
  });

  it('keeps what stays inside the file, and a raster picture carried in it', () => {
    const png = 'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==';
    const drawing = `<svg ${SVG} ${XLINK}><defs><linearGradient id="g"><stop offset="0" stop-color="#f00"/></linearGradient></defs><style>.a{fill:url(#g)}</style><rect class="a" width="5" height="5" style="stroke:url('#g')"/><a xlink:href="#g"><text>x</text></a><image href="${png}" width="1" height="1"/></svg>`;
    const cleaned = cleanSvg(drawing);
    if ('refused' in cleaned) throw cleaned.refused;
    for (const part of ['<style>.a{fill:url(#g)}</style>', `style="stroke:url('#g')"`, 'xlink:href="#g"', `href="${png}"`]) expect(cleaned.svg).toContain(part);
    expect(cleaned.removed).toEqual([]);
  });

  it('refuses what is not one SVG drawing', () => {
    for (const text of ['<html><body><p>hello</p></body></html>', 'not a picture', `<svg ${SVG}></svg><svg ${SVG}></svg>`])
      expect(cleanSvg(text)).toHaveProperty('refused');
  });

  it('takes nothing out of the site’s own pictures', () => {
    const files: string[] = [];
    const walk = (dir: string) => {
      for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
        const full = path.join(dir, entry.name);
        if (entry.isDirectory()) walk(full);
        else if (entry.name.endsWith('.svg')) files.push(full);
      }
    };
    walk(path.join(projectRoot, 'public', 'images'));
    expect(files.length).toBeGreaterThan(100);
    const touched = files.flatMap((file) => {
      const cleaned = cleanSvg(fs.readFileSync(file, 'utf8'));
      return 'refused' in cleaned ? [`${file}: ${cleaned.refused.message}`] : cleaned.removed.length ? [`${file}: ${cleaned.removed.join(', ')}`] : [];
    });
    expect(touched).toEqual([]);
  });
});
