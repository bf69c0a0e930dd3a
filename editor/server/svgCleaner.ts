import {
  type CSSToken,
  isTokenAtKeyword,
  isTokenBadURL,
  isTokenCloseParen,
  isTokenFunction,
  isTokenOpenParen,
  isTokenSemicolon,
  isTokenString,
  isTokenURL,
  isTokenWhitespace,
  tokenize,
} from '@csstools/css-tokenizer';
import createDOMPurify, { type WindowLike } from 'dompurify';
import { JSDOM } from 'jsdom';
import { fill } from '../../engine/shared/fill.ts';
import { words } from '../words.ts';
import { EditorError } from './errors.ts';

/**
 * An uploaded SVG is served from the site's own origin (/images/…), where a script in it would run as the site's if
 * someone opened the file itself. A pattern check cannot know how a browser will read the file (`<svg:script>` is
 * a script, `&#106;avascript:` is `javascript:`), so the file is cleaned by DOMPurify (cure53's sanitizer, well kept
 * and widely used), in a jsdom window, with its SVG profile: scripts, event handlers, foreign content, animations
 * that can set links, and javascript: or data: links are taken out, and so is anything else outside its list of
 * drawing elements and attributes (an editor's own namespaced markup, say). What is written is that cleaned tree
 * serialised as XML, never the bytes uploaded, so a DOCTYPE's entities and whatever the parser skipped are gone.
 * A picture refers to nothing outside itself either (withoutExternal): links, pictures and styles that load from
 * elsewhere are taken out, whatever the site's Content-Security-Policy would block.
 * Then the result is read back the way a browser reads an .svg file (XML) and checked once more; anything still
 * able to run, or to load from elsewhere, refuses the file.
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

/** A raster picture carried inside the file (as drawing programs embed one), the only data: address kept. */
const EMBEDDED_RASTER = /^data:image\/(png|jpeg|gif|webp|avif);base64,[A-Za-z0-9+/=]*$/i;

/** Whether a link (href, xlink:href) stays inside the file: a #fragment, or a raster picture carried in it. */
function linkStaysInside(element: Element, value: string): boolean {
  // Compared as a browser reads an address: without the spaces and control characters it skips.
  const link = value.replace(/[\s\p{Cc}]+/gu, '');
  return link.startsWith('#') || (element.localName === 'image' && EMBEDDED_RASTER.test(link));
}

/** CSS functions that load what they name: url() and src() take an address, image-set() and the others bare strings too. */
const LOADING_FUNCTIONS = new Set(['url', 'src', 'image', 'image-set', '-webkit-image-set', 'cross-fade', '-webkit-cross-fade']);

/**
 * CSS (a <style>, a style or paint attribute) with every reference outside the file replaced by `none` and every
 * @import dropped, and what was dropped. Read by a tokenizer that follows the CSS syntax specification as browsers
 * do, so an escape (u\72l) or a comment cannot hide a url(); a declaration left invalid by `none` is ignored, as if
 * it were gone. Only url(#id) and url("#id") stay.
 */
function withoutExternalCss(css: string): { css: string; dropped: string[] } {
  // A loading function's name is written whole before its ( unless an escape (a backslash) stands in it, and an at-rule needs an @:
  // most attributes (a path's d, a transform) have none of these, and are not read further.
  if (!/url\(|src\(|image|fade\(|@|\\/i.test(css)) return { css, dropped: [] };
  const tokens = tokenize({ css });
  const dropped = new Set<string>();
  let out = '';
  for (let i = 0; i < tokens.length; i++) {
    const token = tokens[i]!;
    if (isTokenAtKeyword(token) && token[4].value.toLowerCase() === 'import') {
      while (i < tokens.length && !isTokenSemicolon(tokens[i])) i++;
      dropped.add('@import');
    } else if (isTokenURL(token) || isTokenBadURL(token)) {
      if (isTokenURL(token) && token[4].value.startsWith('#')) out += token[1];
      else {
        out += 'none';
        dropped.add('url()');
      }
    } else if (isTokenFunction(token) && LOADING_FUNCTIONS.has(token[4].value.toLowerCase())) {
      const end = closingParen(tokens, i);
      const inside = tokens.slice(i + 1, end).filter((t) => !isTokenWhitespace(t));
      const name = token[4].value.toLowerCase();
      const fragment = (name === 'url' || name === 'src') && inside.length === 1 && isTokenString(inside[0]) && inside[0][4].value.startsWith('#');
      const written = tokens.slice(i, end + 1).map((t) => t[1]);
      if (fragment) out += written.join('');
      else {
        out += 'none';
        dropped.add(`${name}()`);
      }
      i = end;
    } else out += token[1];
  }
  return { css: out, dropped: [...dropped] };
}

/** The index of the ) that closes the function or parenthesis opened at `open` (the last token when none does). */
function closingParen(tokens: CSSToken[], open: number): number {
  let depth = 0;
  for (let i = open; i < tokens.length; i++) {
    if (isTokenFunction(tokens[i]) || isTokenOpenParen(tokens[i])) depth++;
    else if (isTokenCloseParen(tokens[i]) && --depth === 0) return i;
  }
  return tokens.length - 1;
}

/** Takes out of the cleaned drawing every link and style that loads from outside the file; answers what it took. */
function withoutExternal(root: Element): string[] {
  const removed = new Set<string>();
  for (const element of [root, ...root.getElementsByTagName('*')]) {
    for (const attribute of [...element.attributes]) {
      if (attribute.localName === 'href' || attribute.localName === 'src') {
        if (!linkStaysInside(element, attribute.value)) {
          element.removeAttributeNode(attribute);
          removed.add(attribute.name);
        }
        continue;
      }
      const { css, dropped } = withoutExternalCss(attribute.value);
      if (dropped.length) attribute.value = css;
      for (const what of dropped) removed.add(fill(words.takenFromSvg, { what, where: attribute.name }));
    }
    if (element.localName === 'style') {
      const { css, dropped } = withoutExternalCss(element.textContent ?? '');
      if (dropped.length) element.textContent = css;
      for (const what of dropped) removed.add(fill(words.takenFromSvg, { what, where: '<style>' }));
    }
  }
  return [...removed];
}

/** A reference outside the file that is still in the written drawing, or undefined. */
function stillExternal(element: Element): string | undefined {
  for (const attribute of element.attributes) {
    const outside =
      attribute.localName === 'href' || attribute.localName === 'src'
        ? !linkStaysInside(element, attribute.value)
        : withoutExternalCss(attribute.value).dropped.length > 0;
    if (outside) return fill(still.external, { name: attribute.name });
  }
  if (element.localName === 'style' && withoutExternalCss(element.textContent ?? '').dropped.length) return fill(still.external, { name: '<style>' });
  return undefined;
}

export type CleanedSvg = { svg: string; removed: string[] } | { refused: EditorError };

const still = words.stillInSvg;

/** What is left of the file that could still run or load from elsewhere when a browser opens it as an SVG document, or undefined. */
export function stillActive(svg: string): string | undefined {
  const { window } = dompurify();
  const document = new window.DOMParser().parseFromString(svg, 'image/svg+xml');
  if (document.getElementsByTagName('parsererror').length > 0) return still.unreadable;
  // <?xml-stylesheet?> loads a style sheet from its address.
  if (document.createTreeWalker(document, window.NodeFilter.SHOW_PROCESSING_INSTRUCTION).nextNode()) return still.instruction;
  for (const element of document.getElementsByTagName('*')) {
    const name = element.localName.toLowerCase();
    if (ACTIVE_ELEMENTS.has(name)) return fill(still.element, { name: element.localName });
    const external = stillExternal(element);
    if (external) return external;
    for (const attribute of element.attributes) {
      if (/^on/i.test(attribute.localName)) return fill(still.handler, { name: attribute.name });
      const value = attribute.value.replace(/[\s\p{Cc}]+/gu, '');
      if (ACTIVE_LINK.test(value) || (DATA_LINK.test(value) && name !== 'image')) return fill(still.link, { name: attribute.name });
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
    return { refused: new EditorError('SVG_NOT_A_DRAWING') };
  }
  removed.push(...withoutExternal(root));
  const svg = new window.XMLSerializer().serializeToString(root);
  const active = stillActive(svg);
  if (active) return { refused: new EditorError('SVG_STILL_ACTIVE', { what: active }) };
  return { svg, removed };
}
