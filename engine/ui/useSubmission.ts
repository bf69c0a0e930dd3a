import { useCallback, useRef, useState } from 'react';
import { type ApiResult, callApi, newIdempotencyKey } from '../api/calls.ts';
import { useUi } from '../runtime/contexts.tsx';
import { fill } from '../runtime/text.ts';

export type Submission<T> = { state: 'idle' } | { state: 'sending' } | { state: 'failed'; message: string } | { state: 'done'; data: T };

/** What a failed request says to the visitor: no connection, or the server's own sentence. */
export function useFailureMessage() {
  const ui = useUi().forms;
  return useCallback(
    (result: Extract<ApiResult<unknown>, { ok: false }>) => (result.offline ? ui.offline : fill(ui.failed, { reason: result.message ?? ui.serverError })),
    [ui],
  );
}

/**
 * A form that posts to the server: its state (sending, failed with the reason,
 * done with the answer) and one idempotency key per submission, kept through
 * retries until the server has answered it, so a double click or a retry after
 * a lost answer is stored once.
 */
export function useSubmission<T>() {
  const failureMessage = useFailureMessage();
  const key = useRef<string | null>(null);
  const [submission, setSubmission] = useState<Submission<T>>({ state: 'idle' });
  const busy = useRef(false);

  const send = useCallback(
    async (path: string, body: Record<string, unknown>): Promise<T | undefined> => {
      if (busy.current) return undefined;
      busy.current = true;
      key.current ??= newIdempotencyKey();
      setSubmission({ state: 'sending' });
      try {
        const result = await callApi<T>('POST', path, { ...body, idempotencyKey: key.current });
        if (result.ok) {
          key.current = null;
          setSubmission({ state: 'done', data: result.data });
          return result.data;
        }
        // A refusal (4xx) stored nothing: the corrected form is a new submission.
        if (result.status >= 400 && result.status < 500) key.current = null;
        setSubmission({ state: 'failed', message: failureMessage(result) });
        return undefined;
      } finally {
        busy.current = false;
      }
    },
    [failureMessage],
  );
  const reset = useCallback(() => setSubmission({ state: 'idle' }), []);
  return { submission, send, reset };
}
