import { useCallback, useRef, useState } from 'react';
import { type ApiBody, type ApiFailure, type ApiResponse, type CallRoute, callApi, newIdempotencyKey } from '../api/client.ts';
import { useUi } from '../runtime/contexts.tsx';
import { fill } from '../runtime/text.ts';

export type Submission<T> = { state: 'idle' } | { state: 'sending' } | { state: 'failed'; message: string } | { state: 'done'; data: T };

/** The routes whose body carries an idempotency key: forms whose every submission is stored once. */
export type SubmissionRoute = { [R in CallRoute]: ApiBody<R> extends { idempotencyKey: string } ? R : never }[CallRoute];

/** What a failed request says to the visitor: no connection, or the server's own sentence. */
export function useFailureMessage() {
  const ui = useUi().forms;
  return useCallback((result: ApiFailure) => (result.offline ? ui.offline : fill(ui.failed, { reason: result.message ?? ui.serverError })), [ui]);
}

/**
 * A form that posts to a route of the API: its state (sending, failed with the
 * reason, done with the answer) and one idempotency key per submission, kept
 * through retries until the server has answered it, so a double click or a
 * retry after a lost answer is stored once.
 */
export function useSubmission<R extends SubmissionRoute>(route: R) {
  const failureMessage = useFailureMessage();
  const key = useRef<string | null>(null);
  const [submission, setSubmission] = useState<Submission<ApiResponse<R>>>({ state: 'idle' });
  const busy = useRef(false);

  const send = useCallback(
    async (body: Omit<ApiBody<R>, 'idempotencyKey'>): Promise<ApiResponse<R> | undefined> => {
      if (busy.current) return undefined;
      busy.current = true;
      key.current ??= newIdempotencyKey();
      setSubmission({ state: 'sending' });
      try {
        // The body with its key is the route's body; TypeScript cannot see that through the generic route.
        const result = await callApi<SubmissionRoute>(route, { ...body, idempotencyKey: key.current } as ApiBody<SubmissionRoute>);
        if (result.ok) {
          key.current = null;
          const data = result.data as ApiResponse<R>;
          setSubmission({ state: 'done', data });
          return data;
        }
        // A refusal (4xx) stored nothing: the corrected form is a new submission.
        if (result.status >= 400 && result.status < 500) key.current = null;
        setSubmission({ state: 'failed', message: failureMessage(result) });
        return undefined;
      } finally {
        busy.current = false;
      }
    },
    [route, failureMessage],
  );
  const reset = useCallback(() => setSubmission({ state: 'idle' }), []);
  return { submission, send, reset };
}
