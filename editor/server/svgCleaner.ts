import createDOMPurify, { type WindowLike } from 'dompurify';
import { JSDOM } from 'jsdom';

/**
 * An uploaded SVG is served from the site's own origin (/images/…), where a script in it would run as the site's if
 * someone opened the file itself. A pattern check cannot know how a browser will read the file (`<svg:script>` is
 * a script, `&#106;avascript:` is `javascript:`), so the file is cleaned by DOMPurify (cure53's sanitizer, well kept
 * and widely used), in a jsdom window, with its SVG profile: scripts, event handlers, foreign content, animations
 * that can set links, and javascript: or data: links are taken out, and so is anything else outside its list of
 * drawing elements and attributes (an editor's own namespaced markup, say). What is written is that cleaned tree
 * serialised as XML, never the bytes uploaded, so a DOCTYPE's entities and whatever the parser skipped are gone.
 * Then the result is read back the way a browser reads an .svg file (XML) and checked once more; anything still
 * able to run refuses the file.
 */
let purifier: { purify: ReturnType<typeof createDOMPurify>; window: JSDOM['window'] } | undefined;

function dompurify() {
  if (!purifier) {
    const { window } = new JSDOM('');
    purifier = { purify: createDOMPurify(window as unknown as WindowLike), window };
  }
  return purifier;
}

const SVG_NAMESPACE = 'http://www.w3.org/2000/svg';
/** Elements that run, embed a page or change a link; none survives DOMPurify's SVG profile, and none may be in the file. */
const ACTIVE_ELEMENTS = new Set(['script', 'foreignobject', 'iframe', 'embed', 'object', 'handler', 'listener', 'set', 'animate']);
/** Schemes a link may not have, compared without the spaces and control characters browsers skip; data: only in a picture. */
const ACTIVE_LINK = /^(javascript|vbscript):/i;
const DATA_LINK = /^data:/i;

export type CleanedSvg = { svg: string; removed: string[] } | { refused: string };

/** What is left of the file that could still run when a browser opens it as an SVG document, or undefined. */
function stillActive(svg: string): string | undefined {
  const { window } = dompurify();
  const document = new window.DOMParser().parseFromString(svg, 'image/svg+xml');
  if (document.getElementsByTagName('parsererror').length > 0) return 'it cannot be read as XML';
  for (const element of document.getElementsByTagName('*')) {
    const name = element.localName.toLowerCase();
    if (ACTIVE_ELEMENTS.has(name)) return `<${element.localName}>`;
    for (const attribute of element.attributes) {
      if (/^on/i.test(attribute.localName)) return `the attribute ${attribute.name}`;
      const value = attribute.value.replace(/[\s\p{Cc}]+/gu, '');
      if (ACTIVE_LINK.test(value) || (DATA_LINK.test(value) && name !== 'image')) return `the link in ${attribute.name}`;
    }
  }
  return undefined;
}

export function cleanSvg(text: string): CleanedSvg {
  const { purify, window } = dompurify();
  const fragment = purify.sanitize(text, { USE_PROFILES: { svg: true, svgFilters: true }, RETURN_DOM_FRAGMENT: true, KEEP_CONTENT: false });
  const removed = [
    ...new Set(
      purify.removed
        .map((entry) => ('element' in entry ? `<${entry.element.nodeName.toLowerCase()}>` : `${entry.attribute?.name ?? ''}`))
        .filter((name) => name && name !== '<body>' && name !== '<html>' && name !== '<head>'),
    ),
  ];
  const roots = [...fragment.children];
  const root = roots[0];
  if (roots.length !== 1 || !root || root.localName !== 'svg' || root.namespaceURI !== SVG_NAMESPACE) {
    return { refused: 'This file is not an SVG picture (one <svg> drawing), though its name ends in .svg.' };
  }
  const svg = new window.XMLSerializer().serializeToString(root);
  const active = stillActive(svg);
  if (active) return { refused: `This SVG still holds ${active} after cleaning; the site accepts only plain drawings.` };
  return { svg, removed };
}
