import type { ProblemCode, ProblemParams } from './problems.ts';

/** What a rule of a section or of a collection's item reports through: a problem of the catalogue at a pointer inside what it checks. */
export interface RuleContext {
  /** Reports a problem at a pointer inside this section or item, such as '/defaultRole'. */
  report<C extends ProblemCode>(pointer: string, code: C, params: ProblemParams<C>): void;
}
