/**
 * Run by keepTickShape.test.ts in a process of its own, with --expose-gc and
 * --allow-natives-syntax: optimises process.nextTick, runs full collections
 * while no tick is alive, calls nextTick again, and prints whether its
 * optimised code survived. Argument "keep" holds a tick object first.
 */
import { keepTickShape } from '../../../server/runtime/keepTickShape.ts';

// Natives syntax is not TypeScript; V8 parses it at run time here.
const natives = {
  prepare: new Function('f', '%PrepareFunctionForOptimization(f)') as (f: unknown) => void,
  optimizeNext: new Function('f', '%OptimizeFunctionOnNextCall(f)') as (f: unknown) => void,
  status: new Function('f', 'return %GetOptimizationStatus(f)') as (f: unknown) => number,
};
const TURBOFANNED = 1 << 6;
const gc = (globalThis as { gc?: () => void }).gc!;
const tick = () => new Promise<void>((resolve) => process.nextTick(resolve));
const pause = () => new Promise((resolve) => setTimeout(resolve, 5));

if (process.argv[2] === 'keep') await keepTickShape();
natives.prepare(process.nextTick);
for (let i = 0; i < 100; i++) await tick();
natives.optimizeNext(process.nextTick);
await tick();
const before = (natives.status(process.nextTick) & TURBOFANNED) !== 0;
for (let i = 0; i < 4; i++) {
  gc();
  await pause();
}
for (let i = 0; i < 100; i++) await tick();
const after = (natives.status(process.nextTick) & TURBOFANNED) !== 0;
console.log(JSON.stringify({ before, after }));
