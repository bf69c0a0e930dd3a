/**
 * The editor's error catalogue: every refusal of its server a stable code, a status and one sentence (the sentences
 * are in editor/words.ts, with every other word of the editor). Every refusal is answered as
 * `{ code, message }` (schemas/editor/error.schema.json), with, for a few codes, the facts the page needs to go on:
 * the page that has the name asked for, what the file on disk says now, the problems that stop a save or a publish.
 * tests/unit/editor/errorCatalogue.test.ts meets each code through the API.
 */
import { fill } from '../../engine/shared/fill.ts';
import type { EditorRefusal } from '../../engine/types.ts';
import { words } from '../words.ts';

const sentences = words.refusals;

export const EDITOR_ERRORS = {
  // The request itself
  VALIDATION_FAILED: { status: 400, sentence: sentences.VALIDATION_FAILED },
  BODY_NOT_JSON: { status: 400, sentence: sentences.BODY_NOT_JSON },
  BODY_EMPTY: { status: 400, sentence: sentences.BODY_EMPTY },
  BODY_TOO_LARGE: { status: 413, sentence: sentences.BODY_TOO_LARGE },
  UNSUPPORTED_TYPE: { status: 415, sentence: sentences.UNSUPPORTED_TYPE },
  BAD_REQUEST: { status: 400, sentence: sentences.BAD_REQUEST },
  NOT_FOUND: { status: 404, sentence: sentences.NOT_FOUND },
  // Who may ask (editor/server/requestGuards.ts)
  NOT_THIS_COMPUTER: { status: 403, sentence: sentences.NOT_THIS_COMPUTER },
  WRONG_HOST: { status: 403, sentence: sentences.WRONG_HOST },
  OTHER_ORIGIN: { status: 403, sentence: sentences.OTHER_ORIGIN },
  OTHER_SITE: { status: 403, sentence: sentences.OTHER_SITE },
  INTERNAL_ERROR: { status: 500, sentence: sentences.INTERNAL_ERROR },
  // Which files it writes
  NOT_CONTENT_FILE: { status: 400, sentence: sentences.NOT_CONTENT_FILE },
  OUTSIDE_PROJECT: { status: 400, sentence: sentences.OUTSIDE_PROJECT },
  LINKED_FILE: { status: 400, sentence: sentences.LINKED_FILE },
  NOT_A_CONTENT_PLACE: { status: 400, sentence: sentences.NOT_A_CONTENT_PLACE },
  NO_SUCH_FILE: { status: 404, sentence: sentences.NO_SUCH_FILE },
  // A translation is opened from its English document, which must be readable
  NOT_ENGLISH: { status: 400, sentence: sentences.NOT_ENGLISH },
  ENGLISH_UNREADABLE: { status: 422, sentence: sentences.ENGLISH_UNREADABLE },
  // Saving: a file changed on disk since it was opened is never overwritten (diskText says what it holds now)
  CONFLICT_NEW_PAGE: { status: 409, sentence: sentences.CONFLICT_NEW_PAGE },
  CONFLICT_DELETED: { status: 409, sentence: sentences.CONFLICT_DELETED },
  CONFLICT_CHANGED: { status: 409, sentence: sentences.CONFLICT_CHANGED },
  /** With problems, warnings and elsewhere. */
  SAVE_REFUSED: { status: 422, sentence: sentences.SAVE_REFUSED },
  // A new page
  PAGE_NAME_INVALID: { status: 400, sentence: sentences.PAGE_NAME_INVALID },
  /** With existing: the page to open instead. */
  PAGE_EXISTS: { status: 409, sentence: sentences.PAGE_EXISTS },
  FILE_EXISTS: { status: 409, sentence: sentences.FILE_EXISTS },
  // Pictures
  NOT_A_PICTURE: { status: 415, sentence: sentences.NOT_A_PICTURE },
  FOLDER_NAME_INVALID: { status: 400, sentence: sentences.FOLDER_NAME_INVALID },
  PICTURE_NAME_INVALID: { status: 400, sentence: sentences.PICTURE_NAME_INVALID },
  PICTURE_EMPTY: { status: 400, sentence: sentences.PICTURE_EMPTY },
  PICTURE_TOO_LARGE: { status: 413, sentence: sentences.PICTURE_TOO_LARGE },
  PICTURE_NOT_ITS_TYPE: { status: 415, sentence: sentences.PICTURE_NOT_ITS_TYPE },
  SVG_NOT_A_DRAWING: { status: 415, sentence: sentences.SVG_NOT_A_DRAWING },
  SVG_STILL_ACTIVE: { status: 415, sentence: sentences.SVG_STILL_ACTIVE },
  PICTURE_EXISTS: { status: 409, sentence: sentences.PICTURE_EXISTS },
  // Publishing
  /** With problems: what stops it, each with the name of its document. */
  PUBLISH_REFUSED: { status: 422, sentence: sentences.PUBLISH_REFUSED },
  PUBLISH_RUNNING: { status: 409, sentence: sentences.PUBLISH_RUNNING },
  NOTHING_TO_UNDO: { status: 409, sentence: sentences.NOTHING_TO_UNDO },
  RELEASES_BUSY: { status: 409, sentence: sentences.RELEASES_BUSY },
} as const satisfies { [Code in keyof typeof sentences]: { status: number; sentence: string } };

export type EditorErrorCode = keyof typeof EDITOR_ERRORS;

/** The facts a refusal may carry beside its code and sentence. */
export type RefusalFacts = Omit<EditorRefusal, 'code' | 'message'>;

/** A refusal: thrown from anywhere a request is handled, answered by the editor's error handler as `{ code, message, …facts }`. */
export class EditorError extends Error {
  constructor(
    readonly code: EditorErrorCode,
    /** Values for the sentence's {placeholders}. */
    readonly values: Record<string, string | number> = {},
    readonly facts: RefusalFacts = {},
  ) {
    super(fill(EDITOR_ERRORS[code].sentence, values));
    this.name = 'EditorError';
  }

  get statusCode(): number {
    return EDITOR_ERRORS[this.code].status;
  }

  /** The answer's body. */
  get answer(): EditorRefusal {
    return { code: this.code, message: this.message, ...this.facts };
  }
}

/** A refusal to answer with, without throwing (a hook that replies itself). */
export function refusal(code: EditorErrorCode, values: Record<string, string | number> = {}, facts: RefusalFacts = {}): EditorError {
  return new EditorError(code, values, facts);
}
