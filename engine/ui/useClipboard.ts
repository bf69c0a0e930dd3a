import { type RefObject, useCallback, useEffect, useRef, useState } from 'react';

export type CopyState = 'idle' | 'copied' | 'failed';

/**
 * Copies text to the clipboard and says how it went: 'copied', or 'failed'
 * (the browser refused), when `fallback` is given with that field's text
 * selected so the visitor can copy it themselves. With `resetAfterMs` the state
 * goes back to 'idle' that long after each copy ('Copied!' for 2 seconds, spec
 * section 4).
 */
export function useClipboard({ resetAfterMs, fallback }: { resetAfterMs?: number; fallback?: RefObject<HTMLInputElement | null> } = {}) {
  const [state, setState] = useState<CopyState>('idle');
  const timer = useRef<number | undefined>(undefined);
  useEffect(() => () => window.clearTimeout(timer.current), []);
  const copy = useCallback(
    async (text: string) => {
      window.clearTimeout(timer.current);
      try {
        await navigator.clipboard.writeText(text);
        setState('copied');
      } catch {
        fallback?.current?.select();
        setState('failed');
      }
      if (resetAfterMs !== undefined) timer.current = window.setTimeout(() => setState('idle'), resetAfterMs);
    },
    [resetAfterMs, fallback],
  );
  return { state, copy };
}
