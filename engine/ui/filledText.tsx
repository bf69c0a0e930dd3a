import { Fragment, type ReactNode } from 'react';
import { fill } from '../runtime/text.ts';

/**
 * A sentence of the site's words with one placeholder given as an element (a
 * link) and the others as text: "Write to {email} …" with the address linked.
 */
export function FilledText({ text, name, node, values = {} }: { text: string; name: string; node: ReactNode; values?: Record<string, string | number> }) {
  const parts = fill(text, values).split(`{${name}}`);
  return (
    <>
      {parts.map((part, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one sentence, in a fixed order
        <Fragment key={i}>
          {i > 0 ? node : null}
          {part}
        </Fragment>
      ))}
    </>
  );
}
