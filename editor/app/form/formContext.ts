import { createContext, useContext } from 'react';
import type { SchemaLookup } from '../../../engine/shared/schemaRefs.ts';
import type { Problem, ProjectFacts } from '../api.ts';
import type { Segments } from './formModel.ts';

/** What every field of a form needs: the schemas, the pickers' choices, the problems by pointer, and how to change the document. */
export interface FormContextValue {
  lookup: SchemaLookup;
  facts: ProjectFacts;
  /** Problems (errors) and template texts (warnings) by JSON pointer. */
  problems: Map<string, Problem[]>;
  warnings: Map<string, Problem[]>;
  /** Replaces the value at `segments` (undefined removes a property); `key` groups keystrokes into one undo step. */
  change(segments: Segments, value: unknown, key?: string): void;
  uploadImage(folder: string, file: File): Promise<string>;
}

export const FormContext = createContext<FormContextValue | null>(null);

export function useForm(): FormContextValue {
  const value = useContext(FormContext);
  if (!value) throw new Error('useForm() outside <FormContext.Provider>');
  return value;
}

/**
 * Where on the form a problem is shown: at the value its pointer names; a required part that is missing, at that
 * part's own field (the form draws it, empty) rather than at the group that lacks it.
 */
export function formPointer(problem: Problem): string {
  if (problem.code === 'MISSING_PROPERTY' && problem.about?.property) {
    return `${problem.pointer}/${problem.about.property.replace(/~/g, '~0').replace(/\//g, '~1')}`;
  }
  return problem.pointer;
}

export function byPointer(problems: readonly Problem[]): Map<string, Problem[]> {
  const map = new Map<string, Problem[]>();
  for (const problem of problems) {
    const pointer = formPointer(problem);
    const list = map.get(pointer) ?? [];
    list.push(problem);
    map.set(pointer, list);
  }
  return map;
}

/** How many problems sit at or under a pointer (a collapsed list item shows the count). */
export function countUnder(map: Map<string, Problem[]>, pointer: string): number {
  let count = 0;
  for (const [p, list] of map) if (p === pointer || p.startsWith(`${pointer}/`)) count += list.length;
  return count;
}
