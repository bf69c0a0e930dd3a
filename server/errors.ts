/**
 * The API's error catalogue: every refusal a stable code, a status and one
 * sentence. The sentences are words of the site, kept in data/site.json with
 * every other word and filled with engine/shared/fill.ts; every error answer is
 * `{ "code", "message" }` (schemas/api/error.schema.json). The README's table
 * of codes is generated from this list, and a test holds each code to a
 * sentence, a use and its row.
 */
import { fill } from '../engine/shared/fill.ts';
import type { UiText } from '../engine/types.ts';

interface CatalogueEntry {
  status: number;
  /** The sentence, from the site's words. */
  words: (ui: UiText) => string;
  /** When it happens, for the README's table. */
  when: string;
}

export const API_ERRORS = {
  // The request itself
  VALIDATION_FAILED: {
    status: 400,
    words: (ui) => ui.serverErrors.request.notValid,
    when: 'The body or query does not match its schema; the message names the field and what is wrong.',
  },
  BODY_NOT_JSON: { status: 400, words: (ui) => ui.serverErrors.bodyNotJson, when: 'The body is not valid JSON.' },
  BODY_EMPTY: { status: 400, words: (ui) => ui.serverErrors.bodyEmpty, when: 'A JSON request with no body.' },
  BODY_LENGTH_WRONG: { status: 400, words: (ui) => ui.serverErrors.bodyLengthWrong, when: 'The body is not as long as its Content-Length says.' },
  BODY_TOO_DEEP: {
    status: 400,
    words: (ui) => ui.serverErrors.bodyTooDeep,
    when: 'A JSON body with lists or groups inside one another more than 16 deep (none of the API nests more than 3): refused before it is parsed.',
  },
  BAD_REQUEST: { status: 400, words: (ui) => ui.serverErrors.badRequest, when: 'Any other request the server cannot read (a malformed address, say).' },
  FOREIGN_ORIGIN: { status: 403, words: (ui) => ui.serverErrors.foreignOrigin, when: 'A request that changes something, from another website.' },
  NO_SUCH_ROUTE: {
    status: 404,
    words: (ui) => ui.serverErrors.noSuchRoute,
    when: "An address under the API's prefix (API_PREFIX) that the catalogue does not have.",
  },
  NOT_FOUND: { status: 404, words: (ui) => ui.serverErrors.notFound, when: 'Anything else that is not there and is not a page.' },
  BODY_TOO_LARGE: { status: 413, words: (ui) => ui.serverErrors.bodyTooLarge, when: 'A body over 8 KB.' },
  NOT_JSON_TYPE: { status: 415, words: (ui) => ui.serverErrors.notJsonType, when: 'A body that is not application/json.' },
  TOO_MANY_REQUESTS: {
    status: 429,
    words: (ui) => ui.serverErrors.tooManyRequests,
    when: "The client's allowance for this route is spent; Retry-After says when it is back.",
  },
  // The server
  HASHING_BUSY: { status: 503, words: (ui) => ui.serverErrors.busy, when: 'Too many passwords are being checked at once; Retry-After says when to try again.' },
  DATABASE_UNAVAILABLE: { status: 503, words: (ui) => ui.serverErrors.unavailable, when: 'The database cannot be reached or written: nothing was changed.' },
  INTERNAL_ERROR: { status: 500, words: (ui) => ui.serverErrors.failed, when: 'Anything unforeseen (logged, with no personal data).' },
  // Forms
  FIELDS_MISSING: { status: 400, words: (ui) => ui.serverErrors.fieldsMissing, when: 'A required field is empty (the spec’s sentence).' },
  EMAIL_INVALID: { status: 400, words: (ui) => ui.serverErrors.emailInvalid, when: 'An e-mail address that does not look like one (the spec’s sentence).' },
  PHONE_INVALID: { status: 400, words: (ui) => ui.serverErrors.phoneInvalid, when: 'An enrolment with a phone number nobody can call.' },
  COURSE_NOT_FOUND: {
    status: 400,
    words: (ui) => ui.serverErrors.courseNotFound,
    when: 'An enrolment for a course that does not exist (the spec’s sentence).',
  },
  FORM_KEY_REUSED: { status: 409, words: (ui) => ui.serverErrors.formKeyReused, when: "A form's idempotency key sent again with another kind of form." },
  // Accounts
  PASSWORD_TOO_SHORT: { status: 400, words: (ui) => ui.serverErrors.passwordTooShort, when: 'A new password under 6 characters (the spec’s sentence).' },
  LOGIN_FIELDS_MISSING: { status: 400, words: (ui) => ui.serverErrors.loginFieldsMissing, when: 'Log-in without an e-mail or a password.' },
  WRONG_PASSWORD: { status: 400, words: (ui) => ui.serverErrors.wrongPassword, when: 'A password change or deletion with the wrong current password.' },
  LOGIN_FAILED: { status: 401, words: (ui) => ui.serverErrors.loginFailed, when: 'Log-in with an unknown address or a wrong password (one answer for both).' },
  NOT_LOGGED_IN: { status: 401, words: (ui) => ui.serverErrors.notLoggedIn, when: "An account route without a member's session." },
  EMAIL_TAKEN: { status: 409, words: (ui) => ui.serverErrors.emailTaken, when: 'Sign-up with an address that has an account.' },
  RESET_LINK_INVALID: { status: 410, words: (ui) => ui.serverErrors.resetLinkInvalid, when: 'A password reset link used already or expired.' },
  EMAIL_NOT_CONFIRMED: {
    status: 403,
    words: (ui) => ui.serverErrors.emailNotConfirmed,
    when: "The account's newsletter choice, before its address is confirmed.",
  },
  MAIL_CAP_REACHED: {
    status: 429,
    words: (ui) => ui.serverErrors.mailCapReached,
    when: "A member asks for another confirmation link when their address has had today's mails from the site.",
  },
  CONFIRM_LINK_INVALID: { status: 410, words: (ui) => ui.serverErrors.confirmLinkInvalid, when: 'An e-mail confirmation link used already or expired.' },
  LINK_INVALID: { status: 410, words: (ui) => ui.serverErrors.linkInvalid, when: 'A newsletter confirm or unsubscribe link that is not valid or has expired.' },
  ACCOUNT_LOCKED: {
    status: 429,
    words: (ui) => ui.serverErrors.accountLocked,
    when: 'Too many wrong passwords for the account; Retry-After says when it opens again.',
  },
  // Certificates
  CERTIFICATE_NOT_FOUND: { status: 404, words: (ui) => ui.verify.notFound, when: 'No certificate has the ID (the spec’s sentence, with the ID as typed).' },
  CREDENTIAL_REVOKED: { status: 410, words: (ui) => ui.verify.revoked, when: 'The signed credential of a revoked certificate (its status address says why).' },
  LOOKUP_BUDGET_SPENT: {
    status: 429,
    words: (ui) => ui.verify.tooManyLookups,
    when: "The client's certificate lookups are spent (those that found nothing, or all of them): every ID is then refused alike, found or not; Retry-After says when more are allowed.",
  },
  // The staff console
  STAFF_NOT_SIGNED_IN: {
    status: 401,
    words: (ui) => ui.serverErrors.staffNotSignedIn,
    when: 'A console route without a staff session (or one that has ended).',
  },
  SECOND_FACTOR_REQUIRED: {
    status: 401,
    words: (ui) => ui.serverErrors.secondFactorRequired,
    when: 'A console route with a session whose second factor (the authenticator code) has not been given.',
  },
  SECOND_FACTOR_WRONG: {
    status: 401,
    words: (ui) => ui.serverErrors.secondFactorWrong,
    when: 'An authenticator code of no step within 10 minutes (another set-up’s, or mistyped), or a wrong recovery code.',
  },
  SECOND_FACTOR_USED: {
    status: 401,
    words: (ui) => ui.serverErrors.secondFactorUsed,
    when: 'A current authenticator code whose time step (or a later one) has been used already: each works once.',
  },
  SECOND_FACTOR_EXPIRED: {
    status: 401,
    words: (ui) => ui.serverErrors.secondFactorExpired,
    when: 'An authenticator code from one to two minutes ago: typed too late.',
  },
  SECOND_FACTOR_CLOCK_BEHIND: {
    status: 401,
    words: (ui) => ui.serverErrors.secondFactorClockBehind,
    when: 'An authenticator code from 2 to 10 minutes ago: the phone’s clock is behind (the message says by how much).',
  },
  SECOND_FACTOR_CLOCK_AHEAD: {
    status: 401,
    words: (ui) => ui.serverErrors.secondFactorClockAhead,
    when: 'While the authenticator is being set up, a code of a step up to 10 minutes ahead: the phone’s clock is ahead. Never said after set-up, when it would tell a guesser to wait.',
  },
  STAFF_ONLY: { status: 403, words: (ui) => ui.serverErrors.staffOnly, when: "A member's session on a console route: the account holds no staff role." },
  STAFF_ROLE_TOO_LOW: {
    status: 403,
    words: (ui) => ui.serverErrors.staffRoleTooLow,
    when: "A console route the staff member's role does not reach (a viewer changing something, staff inviting).",
  },
  INVITATION_INVALID: { status: 410, words: (ui) => ui.serverErrors.invitationInvalid, when: 'A staff invitation link used already, expired or never sent.' },
  STAFF_ALREADY: { status: 409, words: (ui) => ui.serverErrors.staffAlready, when: 'An invitation for an address whose account already holds a staff role.' },
  INVITATION_NOT_FOUND: {
    status: 404,
    words: (ui) => ui.serverErrors.invitationNotFound,
    when: 'Withdrawing a staff invitation that is no longer waiting (accepted, withdrawn or expired).',
  },
  STAFF_NOT_FOUND: { status: 404, words: (ui) => ui.serverErrors.staffNotFound, when: 'Removing a staff member who is not one.' },
  LAST_OWNER: { status: 409, words: (ui) => ui.serverErrors.lastOwner, when: 'Removing the only owner: the console would have nobody to run it.' },
  ENQUIRY_NOT_FOUND: { status: 404, words: (ui) => ui.serverErrors.enquiryNotFound, when: 'An enquiry that does not exist (or was erased).' },
  CERTIFICATE_INVALID: {
    status: 400,
    words: (ui) => ui.serverErrors.certificateInvalid,
    when: 'A certificate from the form that the import would refuse (an ID not of the set form, a date that is not one); the message says what.',
  },
  CERTIFICATE_EXISTS: { status: 409, words: (ui) => ui.serverErrors.certificateExists, when: 'Issuing a certificate from the form with an ID already issued.' },
  IMPORT_HAS_PROBLEMS: {
    status: 400,
    words: (ui) => ui.serverErrors.importHasProblems,
    when: 'A certificate import with a problem on any row: nothing is written (the preview lists each row and its problem).',
  },
  STATUS_NOT_OF_KIND: {
    status: 400,
    words: (ui) => ui.serverErrors.statusNotOfKind,
    when: "A status another kind of enquiry has (an enrolment's paid for a message).",
  },
  // Applications
  ANSWER_MISSING: {
    status: 400,
    words: (ui) => ui.serverErrors.answerMissing,
    when: 'An application without an answer its form requires; the message names the question.',
  },
  ANSWER_INVALID: {
    status: 400,
    words: (ui) => ui.serverErrors.answerInvalid,
    when: 'An answer its question does not take (a start date in the past, hours out of range); the message names the question.',
  },
  ANSWER_UNKNOWN: { status: 400, words: (ui) => ui.serverErrors.answerUnknown, when: 'An answer to a question the form does not ask.' },
  NOT_ELIGIBLE: {
    status: 422,
    words: (ui) => ui.serverErrors.notEligible,
    when: "An application whose year of study or degree does not fit the role's Who can apply (the form says so before it is sent).",
  },
  APPLICATION_SUBJECT_UNKNOWN: {
    status: 404,
    words: (ui) => ui.serverErrors.applicationSubjectUnknown,
    when: 'An application for something the served release does not have.',
  },
  APPLICATION_NOT_ON_SITE: {
    status: 409,
    words: (ui) => ui.serverErrors.applicationNotOnSite,
    when: 'An application for something whose content sends Apply to an external form.',
  },
  APPLICATION_NOT_FOUND: {
    status: 404,
    words: (ui) => ui.serverErrors.applicationNotFound,
    when: "An application that does not exist, or is not the member's.",
  },
  APPLICATION_CANNOT_WITHDRAW: {
    status: 409,
    words: (ui) => ui.serverErrors.applicationCannotWithdraw,
    when: 'Withdrawing an application that has been decided.',
  },
  CHANGED_MEANWHILE: {
    status: 409,
    words: (ui) => ui.serverErrors.changedMeanwhile,
    when: 'A change to an enquiry or application someone else changed a moment before (the first one stands).',
  },
  APPLICATION_MOVE_NOT_ALLOWED: {
    status: 409,
    words: (ui) => ui.serverErrors.applicationMoveNotAllowed,
    when: 'A move the pipeline does not allow from where the application stands.',
  },
  REASON_REQUIRED: { status: 400, words: (ui) => ui.serverErrors.reasonRequired, when: 'Not selected without a reason from the list.' },
  SEATS_FULL: { status: 409, words: (ui) => ui.serverErrors.seatsFull, when: "An offer beyond the programme's seats (from content): nothing is changed." },
  RESUME_NOT_PDF: { status: 415, words: (ui) => ui.serverErrors.resumeNotPdf, when: 'A résumé that is not a PDF by its bytes, whatever its name.' },
  RESUME_TOO_LARGE: { status: 413, words: (ui) => ui.serverErrors.resumeTooLarge, when: 'A résumé over 2 MB.' },
  RESUME_NOT_FOUND: {
    status: 404,
    words: (ui) => ui.serverErrors.resumeNotFound,
    when: "A résumé that does not exist, or is not the member's (or, in the console, an application without one).",
  },
  RESUME_ROOM_FULL: { status: 413, words: (ui) => ui.serverErrors.resumeRoomFull, when: 'A résumé beyond the 10 MB one account may keep.' },
  PAYOUT_NOT_FOUND: { status: 404, words: (ui) => ui.serverErrors.payoutNotFound, when: 'Marking paid a payout file that was never made.' },
  PAYOUT_ALREADY_PAID: {
    status: 409,
    words: (ui) => ui.serverErrors.payoutAlreadyPaid,
    when: 'Marking paid a payout file someone marked paid already (of requests at once, one marks it): nothing is paid twice.',
  },
  IMPORT_OUT_OF_BOUNDS: {
    status: 400,
    words: (ui) => ui.serverErrors.importOutOfBounds,
    when: 'A certificate file past what an import reads: a cell over 2,000 characters, a row of more than 32 cells, more than 20,000 rows, JSON nested more than 8 deep. Refused before it is parsed; the message says which and on what line.',
  },
  IMPORT_BUSY: {
    status: 503,
    words: (ui) => ui.serverErrors.importBusy,
    when: 'A certificate file to check while one is being read and four wait their turn; Retry-After says when to try again.',
  },
  // Payments
  ORDER_SUBJECT_UNKNOWN: { status: 404, words: (ui) => ui.serverErrors.orderSubjectUnknown, when: 'An order for something content does not sell.' },
  GIFT_AMOUNT_OUTSIDE: {
    status: 400,
    words: (ui) => ui.serverErrors.giftAmountOutside,
    when: "A gift outside the campaign's amounts and bounds (site settings).",
  },
  ORDER_AMOUNT_CHANGED: {
    status: 409,
    words: (ui) => ui.serverErrors.orderAmountChanged,
    when: 'An order whose amount is not the one content sets: a stale page or a changed request; the message gives the amount.',
  },
  ORDER_NEEDS_APPLICATION: {
    status: 409,
    words: (ui) => ui.serverErrors.orderNeedsApplication,
    when: 'An order for a course content says is paid after an accepted application, without an offer.',
  },
  ORDERS_OPEN_LIMIT: {
    status: 429,
    words: (ui) => ui.serverErrors.ordersOpenLimit,
    when: 'More orders waiting for payment than one member may have.',
  },
  ORDERS_OPEN_LIMIT_CLIENT: {
    status: 429,
    words: (ui) => ui.serverErrors.ordersOpenLimitHere,
    when: 'More orders waiting for payment from one client address than it may have, whichever members made them.',
  },
  ORDER_NOT_FOUND: { status: 404, words: (ui) => ui.serverErrors.orderNotFound, when: "An order that does not exist, or is not the member's." },
  UTR_INVALID: { status: 400, words: (ui) => ui.serverErrors.utrInvalid, when: 'A UTR that is not 12 digits.' },
  UTR_USED: { status: 409, words: (ui) => ui.serverErrors.utrUsed, when: 'A UTR already given for another order (one order per UTR).' },
  ORDER_NOT_PAYABLE: {
    status: 409,
    words: (ui) => ui.serverErrors.orderNotPayable,
    when: 'Reporting or cancelling an order that is no longer waiting for payment (paid, cancelled, expired).',
  },
  ORDER_NOT_PAID: { status: 409, words: (ui) => ui.serverErrors.orderNotPaid, when: 'A refund of an order that is not paid.' },
  ORDER_NOT_REPORTED: {
    status: 409,
    words: (ui) => ui.serverErrors.orderNotReported,
    when: 'Confirming or refusing an order whose payment has not been reported.',
  },
  REFUSAL_REASON_REQUIRED: {
    status: 400,
    words: (ui) => ui.serverErrors.reasonForRefusal,
    when: 'Refusing a reported payment without a reason for the payer.',
  },
  STATEMENT_UNREADABLE: {
    status: 400,
    words: (ui) => ui.serverErrors.statementUnreadable,
    when: 'A bank statement that cannot be read (not CSV or a spreadsheet, no amount column); the message says why.',
  },
} satisfies Record<string, CatalogueEntry>;

export type ApiErrorCode = keyof typeof API_ERRORS;

/** A refusal: thrown from anywhere a request is handled, answered by the error handler as `{ code, message }`. */
export class ApiError extends Error {
  constructor(
    readonly code: ApiErrorCode,
    /** Values for the sentence's {placeholders}. */
    readonly values: Record<string, string | number> = {},
    /** Seconds until trying again makes sense: sent as Retry-After. */
    readonly retryAfterSeconds?: number,
  ) {
    super(code);
    this.name = 'ApiError';
  }

  get statusCode(): number {
    return API_ERRORS[this.code].status;
  }
}

/** The answer to send for a code: its status and body, the sentence filled in. */
export function errorAnswer(ui: UiText, code: ApiErrorCode, values: Record<string, string | number> = {}, message?: string) {
  const entry: CatalogueEntry = API_ERRORS[code];
  return { status: entry.status, body: { code, message: message ?? fill(entry.words(ui), values) } };
}

/** The README's table of codes: generated by codegen and checked like the types. */
export function errorTable(): string {
  const rows = Object.entries(API_ERRORS as Record<string, CatalogueEntry>).map(([code, entry]) => `| \`${code}\` | ${entry.status} | ${entry.when} |`);
  return ['| Code | Status | When |', '|---|---|---|', ...rows].join('\n');
}
