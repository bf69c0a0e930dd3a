import { executionAsyncResource } from 'node:async_hooks';

/**
 * One of Node's own tick objects, held for the life of the process.
 *
 * Why: Node 20's process.nextTick builds each tick as an object literal with
 * two computed (symbol) keys, and V8 11 remembers the shape it saw there only
 * weakly. When full garbage collections run while no tick is alive (any
 * collection in a quiet moment; building the verify index of a million
 * certificates runs several), the shape is collected, the site's feedback
 * turns megamorphic for good, and from then on every nextTick defines those
 * keys through the runtime. Streams and HTTP call it several times a request:
 * a server with 1,000 certificates made to run three full collections before
 * listening verified 21.9k requests a second against 24.4k without them, and
 * nextTick alone went from 175 to 400 ns. A live tick object keeps the shape,
 * and with it the fast path, alive.
 */
let kept: object | undefined;

/** Resolves once a tick object is held; later calls do nothing. */
export function keepTickShape(): Promise<void> {
  if (kept) return Promise.resolve();
  return new Promise((resolve) => {
    process.nextTick(() => {
      // Inside a nextTick callback the executing async resource is that tick's object.
      kept = executionAsyncResource();
      resolve();
    });
  });
}
