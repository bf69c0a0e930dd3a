/**
 * What the builds tests make add to their environment: brotli's best quality is most of a build's time (16 of 25 s on
 * 2 cores) and no test reads how small a file compressed, only that its compressed copies are there and served.
 * A production build refuses it (server/settings.ts); `npm run build` and the browser tests' site keep the best.
 */
export const TEST_BUILD_ENV = { BUILD_COMPRESSION: 'fast' } as const;
