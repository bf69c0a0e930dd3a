// A worker thread starts without the loader the server runs its TypeScript with (tsx): it registers it, then runs
// the worker itself.
import { register } from 'tsx/esm/api';

register();
await import('./fileWorker.ts');
