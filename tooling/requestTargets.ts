import fc from 'fast-check';

/**
 * Addresses an attacker (or a confused visitor) might ask for, for the path property test
 * (tests/build/grownSite/requestPaths.property.test.ts) and the flood bench (scripts/bench/floodBench.ts): the site's own
 * paths (the console's among them) followed by the `$` patterns String.replace reads as orders, percent-encodings good and broken, unicode,
 * separators, and now and then one piece thousands of times (past Node's 16 KB header limit at the longest).
 * Most are addresses the site reads; one in five also holds raw unicode, a space or a broken percent-encoding,
 * which Node's parser or the router refuses (400).
 */
/** Pieces a request line may hold as they are: what String.replace reads as orders, encodings good and broken, separators. */
const piece = fc.constantFrom(
  '$`',
  "$'",
  '$&',
  '$$',
  '$1',
  '$<x>',
  '$',
  '%24%60',
  '%24%27',
  '%24%26',
  '%24',
  '%00',
  '%0A',
  '%2F',
  '%2f',
  '%2e%2e',
  '%C3%A9',
  '%F0%9F%99%82',
  '%E2%80%A8',
  '%E2%80%AE',
  '..',
  '.',
  '/',
  '//',
  '?',
  '&',
  '=',
  ';',
  '+',
  '~',
  '-',
  '_',
  'a',
  'Z',
  '0',
  '9',
  'IC25',
  '123456',
  '<',
  '>',
  '"',
  "'",
  '`',
  '{',
  '}',
  '\\',
  '|',
  '^',
  '[',
  ']',
  '@',
  ':',
  '!',
  '*',
  '(',
  ')',
  '#',
);
/** Pieces that make an address unreadable (400): raw unicode (sent as UTF-8), a space, broken percent-encodings. */
const rawPiece = fc.constantFrom('é', '🙂', '\u202e', '\uff29', 'ß', ' ', '%', '%zz', '%FF', '%C0%AF');
const text = fc.oneof(
  { arbitrary: fc.string({ unit: piece, maxLength: 40 }), weight: 4 },
  { arbitrary: fc.string({ unit: fc.oneof(piece, rawPiece), maxLength: 40 }), weight: 1 },
);
/** One piece many times: the shape of the 233 MB answer, and addresses past Node's header limit. */
const repeated = fc
  .tuple(fc.constantFrom('$`', '%24%60', "$'", '%24%27', '$&', '%24%26', 'é', '%C3%A9', 'a/', '../', 'IC25/'), fc.integer({ min: 16, max: 3000 }))
  .map(([unit, times]) => unit.repeat(times));
const start = fc.constantFrom(
  '/',
  '/certificate/',
  '/certificate/IC25/',
  '/certificate/IC25/123456',
  '/certificate/IC25/123456/',
  '/certificate-verification',
  '/internship/',
  '/internship/law',
  '/courses/',
  '/jobs/',
  '/api/',
  '/api/certificates/qr.svg',
  '/staff',
  '/staff/',
  '/staff/certificates/',
  '/staff/enquiries/',
  '/api/staff/',
  '/api/staff/certificates/history',
  '/assets/',
  '/images/',
  '/404',
  '/index.html',
  '//',
  '/%2e%2e/',
);
const query = fc.option(
  fc
    .array(
      fc.tuple(
        fc.constantFrom('role', 'id', 'ids', 'ref', 'q', 'token', 'page', 'search', '$`', ''),
        fc.oneof({ arbitrary: text, weight: 4 }, { arbitrary: repeated, weight: 1 }),
      ),
      {
        minLength: 1,
        maxLength: 4,
      },
    )
    .map((pairs) => `?${pairs.map(([key, value]) => `${key}=${value}`).join('&')}`),
  { nil: '' },
);
export const requestTarget = fc
  .tuple(start, fc.oneof({ arbitrary: text, weight: 5 }, { arbitrary: repeated, weight: 1 }), query)
  .map(([first, rest, search]) => `${first}${rest}${search}`);
