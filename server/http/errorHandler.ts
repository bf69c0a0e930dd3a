import type { FastifyError, FastifyInstance } from 'fastify';
import { ApiError, type ApiErrorCode, errorAnswer } from '../errors.ts';
import { HashingBusyError } from '../security/hashingQueue.ts';
import { validationMessage } from './validationMessage.ts';

/** Errors that say the database cannot be reached or written (SQLite's file, PostgreSQL's server): 503, not 500. */
export function isDatabaseUnavailable(error: { code?: string }): boolean {
  return /^(SQLITE_(READONLY|IOERR|CANTOPEN|FULL|CORRUPT|NOTADB)|ECONNREFUSED|ECONNRESET|ETIMEDOUT|57P0[1-3]|08\d\d\d|53\d\d\d)/.test(error.code ?? '');
}

/** Fastify's own refusals of a request body, by its error code. */
const BODY_ERRORS: Record<string, ApiErrorCode> = {
  FST_ERR_CTP_BODY_TOO_LARGE: 'BODY_TOO_LARGE',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'NOT_JSON_TYPE',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'BODY_EMPTY',
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: 'BODY_LENGTH_WRONG',
  FST_ERR_CTP_INVALID_JSON_BODY: 'BODY_NOT_JSON',
};

/**
 * Every error, answered as the catalogue says: `{ code, message }` with the
 * code's status. Anything unforeseen is logged (message, stack and code, never
 * the request's body) and answered 500 with a sentence that gives nothing away.
 */
export function setErrorHandler(app: FastifyInstance, bodyLimit: number): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    // A visitor who leaves mid-download closes the stream: nothing failed on our side (Fastify logs it at info).
    if (error.code === 'ERR_STREAM_PREMATURE_CLOSE' || reply.sent) {
      request.raw.destroy();
      return;
    }
    // Refusals in the language of the page that asked (the spec's error catalogue in Hindi for /hi/ pages).
    const ui = app.sites[request.language ?? 'en'].ui;
    const send = (code: ApiErrorCode, values: Record<string, string | number> = {}, message?: string, retryAfterSeconds?: number) => {
      const { status, body } = errorAnswer(ui, code, values, message);
      if (retryAfterSeconds !== undefined) reply.header('retry-after', String(retryAfterSeconds));
      return reply.code(status).send(body);
    };
    if (error instanceof ApiError) return send(error.code, error.values, undefined, error.retryAfterSeconds);
    if (error.validation) return send('VALIDATION_FAILED', {}, validationMessage(ui.serverErrors.request, error.validation as never));
    const bodyError = BODY_ERRORS[error.code];
    if (bodyError) return send(bodyError, { kilobytes: bodyLimit / 1024 });
    if (error instanceof HashingBusyError) return send('HASHING_BUSY', { seconds: error.retryAfterSeconds }, undefined, error.retryAfterSeconds);
    if (isDatabaseUnavailable(error)) {
      request.log.error({ err: { message: error.message, code: error.code } }, 'database unavailable');
      return send('DATABASE_UNAVAILABLE', {}, undefined, 60);
    }
    if (error instanceof SyntaxError) return send('BODY_NOT_JSON');
    // Fastify's other refusals (a malformed address, say): its own sentence can echo the request, so ours is sent.
    if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) return send('BAD_REQUEST');
    request.log.error({ err: { message: error.message, stack: error.stack, code: error.code } }, 'request failed');
    return send('INTERNAL_ERROR');
  });
}
