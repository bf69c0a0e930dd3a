import 'react';

/** The element an island is drawn in (runtime/islands.tsx): a custom element, so it may sit wherever its content may. */
declare module 'react' {
  namespace JSX {
    interface IntrinsicElements {
      'ic-island': React.DetailedHTMLProps<React.HTMLAttributes<HTMLElement>, HTMLElement> & { 'data-island'?: string; 'data-i'?: number };
    }
  }
}
