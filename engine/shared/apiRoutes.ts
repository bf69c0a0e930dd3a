/**
 * Every route of the server's API, once: its name, method and path, the schema
 * files (under schemas/) of what it takes and of what it answers for each
 * success status, who may call it and the allowance it counts against. The
 * browser calls routes by name through engine/api/client.ts; codegen types each
 * name's body and answers from these files (engine/generated/api.ts); the server
 * registers every route from this catalogue alone (server/http/routes.ts: a
 * feature gives only the handler, which receives the generated types). Plain
 * data, importing nothing, so the browser, the build and the server can all
 * read it.
 *
 * It is written as tables by the same names, joined into `apiRoutes`: where each
 * route is (`pageEndpoints` for the routes the site's pages call, the only table
 * the site's pages read, `staffEndpoints` for the staff console's, and
 * `programEndpoints` for the others), and what each takes
 * and answers.
 *
 * An error answer of any route is `{ "code", "message" }` (api/error.schema.json).
 */

/** A schema file, relative to schemas/. */
export type SchemaFile = `api/${string}.schema.json`;

export type ApiMethod = 'GET' | 'POST';

/**
 * Who may call a route: `anyone`; `memberIfAny` (anyone, and the handler reads the logged-in member when there is
 * one); `member` (a logged-in member, 401 NOT_LOGGED_IN otherwise); `staffPassword` (a console session that has
 * given its password but not yet its code: the second factor's step); or the least console role that may
 * (`viewer` < `staff` < `owner`, with the second factor given).
 */
export type Access = 'anyone' | 'memberIfAny' | 'member' | 'staffPassword' | 'viewer' | 'staff' | 'owner';

/**
 * The allowance a route counts each client's calls against (by its name in server/limits/allowances.ts, which the
 * server checks when it starts and the type checker holds in server/http/routes.ts). Counted per route, or with
 * `shared` in one count with every route that names the same allowance (both log-in paths; the console's reads).
 */
export interface RouteLimit {
  readonly allowance: string;
  readonly shared?: true;
}

/** What a route takes and answers. */
export interface ApiContract {
  /** The JSON body it takes. A POST without one is sent `{}`. */
  readonly body?: SchemaFile;
  /** The query string it takes (?id=…). */
  readonly querystring?: SchemaFile;
  /** The JSON answer for each success status; a status not listed has no schema (yet). */
  readonly response: { readonly [status: number]: SchemaFile };
  /**
   * The answer is a document opened or saved at the route's address (a link, an image), of this media type, rather
   * than an answer read by script: the browser builds its URL (engine/api/client.ts fileUrl) instead of calling it.
   */
  readonly file?: string;
  /** A body other than JSON the route takes, by its media type. */
  readonly accepts?: string;
  /** The largest body it takes, in bytes, where that differs from the API's (server/http/server.ts API_BODY_LIMIT). */
  readonly maxBodyBytes?: number;
  readonly access: Access;
  /** Each client's allowance for it; none for routes whose cost is nothing (the key set, who is logged in). */
  readonly limit?: RouteLimit;
}

export interface ApiRoute extends ApiContract {
  readonly method: ApiMethod;
  readonly path: string;
}

/**
 * Where each route the site's own pages call is: its method and path. The
 * browser's client reads this table and no other, so every page's script
 * carries no more of the catalogue than the pages use.
 */
export const pageEndpoints = {
  // Certificates (server/features/certificates)
  verifyCertificates: ['POST', '/api/certificates/verify'],
  certificatePdf: ['GET', '/api/certificates/pdf'],
  certificateCredential: ['GET', '/api/certificates/credential'],
  certificateQr: ['GET', '/api/certificates/qr.svg'],
  /** The public key set a certificate's page links, so anyone can check its credential. */
  signingKeys: ['GET', '/.well-known/jwks.json'],
  // Sign-up, log-in, sessions (server/features/accounts/authRoutes.ts)
  signup: ['POST', '/api/auth/signup'],
  login: ['POST', '/api/auth/login'],
  me: ['GET', '/api/auth/me'],
  logout: ['POST', '/api/auth/logout'],
  // Password reset (server/features/accounts/resetRoutes.ts)
  passwordReset: ['POST', '/api/auth/password-reset'],
  passwordResetConfirm: ['POST', '/api/auth/password-reset/confirm'],
  // Enquiries (server/features/enquiries)
  enrolment: ['POST', '/api/enquiries/enrolment'],
  contact: ['POST', '/api/enquiries/contact'],
  // Newsletter (server/features/newsletter)
  newsletter: ['POST', '/api/newsletter'],
  newsletterConfirm: ['POST', '/api/newsletter/confirm'],
  newsletterUnsubscribe: ['POST', '/api/newsletter/unsubscribe'],
  // The logged-in member's account (server/features/accounts/accountRoutes.ts)
  account: ['GET', '/api/account'],
  accountExport: ['GET', '/api/account/export'],
  accountDetails: ['POST', '/api/account/details'],
  accountPassword: ['POST', '/api/account/password'],
  accountNewsletter: ['POST', '/api/account/newsletter'],
  accountConfirmation: ['POST', '/api/account/confirmation'],
  confirmEmail: ['POST', '/api/account/confirm-email'],
  accountDelete: ['POST', '/api/account/delete'],
  // Applications (server/features/applications)
  apply: ['POST', '/api/applications'],
  myApplications: ['GET', '/api/account/applications'],
  withdrawApplication: ['POST', '/api/account/applications/withdraw'],
  uploadResume: ['POST', '/api/account/resumes'],
  resumeFile: ['GET', '/api/account/resumes/file'],
  programmeSeats: ['GET', '/api/programmes/seats'],
  applyables: ['GET', '/api/applyables'],
  // Payments (server/features/payments)
  createOrder: ['POST', '/api/orders'],
  myOrders: ['GET', '/api/account/orders'],
  reportPayment: ['POST', '/api/orders/report'],
  cancelOrder: ['POST', '/api/orders/cancel'],
  orderQr: ['GET', '/api/orders/qr.svg'],
  receiptFile: ['GET', '/api/account/receipts/file'],
  campaign: ['GET', '/api/campaign'],
} as const satisfies Record<string, readonly [ApiMethod, string]>;

/** Where each route only other programs call is: credential verifiers, mail apps, proxies, and the spec's own log-in form. */
export const programEndpoints = {
  certificateStatus: ['GET', '/api/certificates/status'],
  specLogin: ['POST', '/api/login'],
  newsletterOneClickUnsubscribe: ['POST', '/api/newsletter/one-click-unsubscribe'],
  // server/http/health.ts
  health: ['GET', '/healthz'],
  ready: ['GET', '/readyz'],
} as const satisfies Record<string, readonly [ApiMethod, string]>;

/**
 * Where each route of the staff console is (server/features/staff): called by the console's own bundle only,
 * never by the site's pages, whose client does not read this table. Each answers 401 without a console session,
 * 403 for a member or a role below the route's (tests/api/staffAccess.test.ts walks them all).
 */
export const staffEndpoints = {
  staffLogin: ['POST', '/api/staff/login'],
  staffSecondFactor: ['POST', '/api/staff/second-factor'],
  staffLogout: ['POST', '/api/staff/logout'],
  staffMe: ['GET', '/api/staff/me'],
  staffMembers: ['GET', '/api/staff/members'],
  staffInvite: ['POST', '/api/staff/invitations'],
  staffAcceptInvitation: ['POST', '/api/staff/invitations/accept'],
  staffInvitation: ['POST', '/api/staff/invitations/open'],
  staffWithdrawInvitation: ['POST', '/api/staff/invitations/withdraw'],
  staffRemove: ['POST', '/api/staff/members/remove'],
  staffAudit: ['GET', '/api/staff/audit'],
  staffAuditExport: ['GET', '/api/staff/audit/export'],
  staffOverview: ['GET', '/api/staff/overview'],
  staffEnquiries: ['GET', '/api/staff/enquiries'],
  staffEnquiry: ['GET', '/api/staff/enquiries/one'],
  staffEnquiryUpdate: ['POST', '/api/staff/enquiries/update'],
  staffEnquiriesExport: ['GET', '/api/staff/enquiries/export'],
  staffCertificates: ['GET', '/api/staff/certificates'],
  staffCertificateHistory: ['GET', '/api/staff/certificates/history'],
  staffCertificateNextId: ['GET', '/api/staff/certificates/next-id'],
  staffCertificateIssue: ['POST', '/api/staff/certificates/issue'],
  staffCertificateImport: ['POST', '/api/staff/certificates/import'],
  staffCertificateRevoke: ['POST', '/api/staff/certificates/revoke'],
  staffCertificateReinstate: ['POST', '/api/staff/certificates/reinstate'],
  staffReferrals: ['GET', '/api/staff/referrals'],
  staffReferralsDecide: ['POST', '/api/staff/referrals/decide'],
  staffReferralsPayout: ['POST', '/api/staff/referrals/payout'],
  staffReferralsPayoutPaid: ['POST', '/api/staff/referrals/payout/paid'],
  staffReferralsReviewers: ['GET', '/api/staff/referrals/reviewers'],
  staffApplications: ['GET', '/api/staff/applications'],
  staffApplication: ['GET', '/api/staff/applications/one'],
  staffApplicationsUpdate: ['POST', '/api/staff/applications/update'],
  staffApplicationResume: ['GET', '/api/staff/applications/resume'],
  staffApplicationCertificate: ['POST', '/api/staff/applications/certificate'],
  staffPayments: ['GET', '/api/staff/payments'],
  staffPaymentsDecide: ['POST', '/api/staff/payments/decide'],
  staffStatement: ['POST', '/api/staff/payments/statement'],
  staffPaymentRefund: ['POST', '/api/staff/payments/refund'],
  staffPaymentsExport: ['GET', '/api/staff/payments/export'],
  staffPaymentReceipt: ['GET', '/api/staff/payments/receipt'],
} as const satisfies Record<string, readonly [ApiMethod, string]>;

/** A route the site's pages call. */
export type PageRouteName = keyof typeof pageEndpoints;
/** A route the staff console calls. */
export type StaffRouteName = keyof typeof staffEndpoints;
export type ApiRouteName = PageRouteName | keyof typeof programEndpoints | StaffRouteName;

const byId = 'api/certificateQuery.schema.json';
const message = { 200: 'api/message.response.schema.json' } as const;
const auth = { 200: 'api/auth.response.schema.json' } as const;
// 201 when stored, 200 with the first answer for a repeat of its idempotency key.
const enquiry = { 200: 'api/enquiry.response.schema.json', 201: 'api/enquiry.response.schema.json' } as const;

// Written out rather than made by a helper: a literal passed through a generic would read, to the section-homes
// check, as a section type's name (one allowance, passwordReset, shares its name with a section type).
const verify = { allowance: 'verify' } as const;
const newsletterLink = { allowance: 'newsletterLink' } as const;
const staffRead = { allowance: 'staffRead', shared: true } as const;
const staffWrite = { allowance: 'staffWrite', shared: true } as const;

/** What each route takes and answers, who may call it and its allowance. */
const contracts = {
  verifyCertificates: { access: 'anyone', limit: verify, body: 'api/verify.request.schema.json', response: { 200: 'api/verify.response.schema.json' } },
  certificatePdf: { access: 'anyone', limit: verify, querystring: byId, response: {}, file: 'application/pdf' },
  /** Open Badges 3.0, signed (ES256 JWT); 410 for a revoked certificate. */
  certificateCredential: { access: 'anyone', limit: verify, querystring: byId, response: {}, file: 'application/jwt' },
  /** The credential's 1EdTech revocation list. */
  certificateStatus: { access: 'anyone', limit: verify, querystring: byId, response: {}, file: 'application/json' },
  certificateQr: { access: 'anyone', limit: verify, querystring: byId, response: {}, file: 'image/svg+xml' },
  /** The public key credentials are signed with (JWKS). */
  signingKeys: { access: 'anyone', response: {}, file: 'application/json' },

  signup: { access: 'anyone', limit: { allowance: 'signup' }, body: 'api/signup.request.schema.json', response: { 201: 'api/auth.response.schema.json' } },
  // Both log-in paths count in one allowance: a second path must not double it.
  login: { access: 'anyone', limit: { allowance: 'login', shared: true }, body: 'api/login.request.schema.json', response: auth },
  /** The path the spec's log-in form calls: the same handler and the same allowance as login. */
  specLogin: { access: 'anyone', limit: { allowance: 'login', shared: true }, body: 'api/login.request.schema.json', response: auth },
  /** Always 200: "nobody" is an answer, not an error. */
  me: { access: 'memberIfAny', response: { 200: 'api/me.response.schema.json' } },
  logout: { access: 'anyone', response: message },

  passwordReset: { access: 'anyone', limit: { allowance: 'passwordReset' }, body: 'api/passwordReset.request.schema.json', response: message },
  passwordResetConfirm: {
    access: 'anyone',
    limit: { allowance: 'passwordResetConfirm' },
    body: 'api/passwordResetConfirm.request.schema.json',
    response: auth,
  },

  enrolment: { access: 'memberIfAny', limit: { allowance: 'enquiry' }, body: 'api/enrolment.request.schema.json', response: enquiry },
  contact: { access: 'memberIfAny', limit: { allowance: 'contact' }, body: 'api/contact.request.schema.json', response: enquiry },

  newsletter: { access: 'anyone', limit: { allowance: 'newsletter' }, body: 'api/newsletter.request.schema.json', response: message },
  newsletterConfirm: { access: 'anyone', limit: newsletterLink, body: 'api/newsletterToken.request.schema.json', response: message },
  newsletterUnsubscribe: { access: 'anyone', limit: newsletterLink, body: 'api/newsletterToken.request.schema.json', response: message },
  /** RFC 8058: mail apps post "List-Unsubscribe=One-Click" as a form to the address in the mail's header. */
  newsletterOneClickUnsubscribe: {
    access: 'anyone',
    limit: newsletterLink,
    querystring: 'api/newsletterToken.request.schema.json',
    accepts: 'application/x-www-form-urlencoded',
    maxBodyBytes: 1024,
    response: message,
  },

  account: { access: 'member', limit: { allowance: 'accountRead' }, response: { 200: 'api/account.response.schema.json' } },
  /** The member's data download. */
  accountExport: { access: 'member', limit: { allowance: 'accountRead' }, response: {}, file: 'application/json' },
  accountDetails: { access: 'member', limit: { allowance: 'accountWrite' }, body: 'api/accountDetails.request.schema.json', response: message },
  // Routes that check the member's password are a way to guess it: fewer.
  accountPassword: { access: 'member', limit: { allowance: 'passwordCheck' }, body: 'api/passwordChange.request.schema.json', response: message },
  accountNewsletter: { access: 'member', limit: { allowance: 'accountWrite' }, body: 'api/accountNewsletter.request.schema.json', response: message },
  /** A new link to confirm the member's address (mailed through the queue). */
  accountConfirmation: { access: 'member', limit: { allowance: 'accountWrite' }, response: message },
  /** The link from that mail: the token is the proof, no log-in needed (it may be opened on another device). */
  confirmEmail: { access: 'anyone', limit: newsletterLink, body: 'api/emailConfirm.request.schema.json', response: message },
  accountDelete: { access: 'member', limit: { allowance: 'passwordCheck' }, body: 'api/accountDelete.request.schema.json', response: message },

  staffLogin: {
    access: 'anyone',
    limit: { allowance: 'staffLogin' },
    body: 'api/login.request.schema.json',
    response: { 200: 'api/staff/signIn.response.schema.json' },
  },
  staffSecondFactor: {
    access: 'staffPassword',
    limit: { allowance: 'staffLogin', shared: true },
    body: 'api/staff/secondFactor.request.schema.json',
    response: { 200: 'api/staff/session.response.schema.json' },
  },
  staffLogout: { access: 'anyone', response: message },
  staffMe: { access: 'viewer', response: { 200: 'api/staff/session.response.schema.json' } },
  staffMembers: { access: 'owner', limit: staffRead, response: { 200: 'api/staff/members.response.schema.json' } },
  staffInvite: { access: 'owner', limit: staffWrite, body: 'api/staff/invite.request.schema.json', response: message },
  /** The link from the invitation mail: the token is the proof, no session needed. */
  staffAcceptInvitation: {
    access: 'anyone',
    limit: { allowance: 'staffInvitation', shared: true },
    body: 'api/staff/acceptInvitation.request.schema.json',
    response: message,
  },
  /** Who an invitation link is for, shown on its page before it is accepted: the token is the proof. */
  staffInvitation: {
    access: 'anyone',
    limit: { allowance: 'staffInvitation', shared: true },
    body: 'api/staff/invitation.request.schema.json',
    response: { 200: 'api/staff/invitation.response.schema.json' },
  },
  /** An invitation not yet used, withdrawn: its link stops working. */
  staffWithdrawInvitation: { access: 'owner', limit: staffWrite, body: 'api/staff/withdrawInvitation.request.schema.json', response: message },
  staffRemove: { access: 'owner', limit: staffWrite, body: 'api/staff/remove.request.schema.json', response: message },
  staffAudit: {
    access: 'owner',
    limit: staffRead,
    querystring: 'api/staff/audit.query.schema.json',
    response: { 200: 'api/staff/audit.response.schema.json' },
  },
  /** The whole audit log as CSV. */
  staffAuditExport: { access: 'owner', limit: staffRead, response: {}, file: 'text/csv' },
  staffOverview: { access: 'viewer', limit: staffRead, response: { 200: 'api/staff/overview.response.schema.json' } },
  staffEnquiries: {
    access: 'viewer',
    limit: staffRead,
    querystring: 'api/staff/enquiries.query.schema.json',
    response: { 200: 'api/staff/enquiries.response.schema.json' },
  },
  staffEnquiry: {
    access: 'viewer',
    limit: staffRead,
    querystring: 'api/staff/enquiry.query.schema.json',
    response: { 200: 'api/staff/enquiry.response.schema.json' },
  },
  staffEnquiryUpdate: { access: 'staff', limit: staffWrite, body: 'api/staff/enquiryUpdate.request.schema.json', response: message },
  /** The same CSV as `npm run enquiries -- export`: personal data leaving the system, so staff and owners only. */
  staffEnquiriesExport: { access: 'staff', limit: staffRead, querystring: 'api/staff/enquiriesExport.query.schema.json', response: {}, file: 'text/csv' },
  staffCertificates: {
    access: 'viewer',
    limit: staffRead,
    querystring: 'api/staff/certificates.query.schema.json',
    response: { 200: 'api/staff/certificates.response.schema.json' },
  },
  staffCertificateHistory: { access: 'viewer', limit: staffRead, querystring: byId, response: { 200: 'api/staff/certificateHistory.response.schema.json' } },
  /** The next free certificate ID, proposed by the issue form so nobody invents one. */
  staffCertificateNextId: { access: 'staff', limit: staffRead, response: { 200: 'api/staff/certificateNextId.response.schema.json' } },
  staffCertificateIssue: { access: 'staff', limit: staffWrite, body: 'api/staff/certificateIssue.request.schema.json', response: message },
  /** A file checked (the preview) or written, all or nothing: up to 2 MB of CSV or JSON (some 15,000 certificates), read in a worker thread. */
  staffCertificateImport: {
    access: 'staff',
    limit: staffWrite,
    maxBodyBytes: 2 * 1024 * 1024 + 4096,
    body: 'api/staff/certificateImport.request.schema.json',
    response: { 200: 'api/staff/certificateImport.response.schema.json' },
  },
  staffCertificateRevoke: { access: 'staff', limit: staffWrite, body: 'api/staff/certificateRevoke.request.schema.json', response: message },
  staffCertificateReinstate: { access: 'staff', limit: staffWrite, body: byId, response: message },
  // Referral credits are money: owners only.
  staffReferrals: { access: 'owner', limit: staffRead, response: { 200: 'api/staff/referrals.response.schema.json' } },
  staffReferralsDecide: { access: 'owner', limit: staffWrite, body: 'api/staff/referralsDecide.request.schema.json', response: message },
  /** Approved, unpaid credits as CSV, in a payout file (a batch) that marks nothing paid. */
  staffReferralsPayout: { access: 'owner', limit: staffWrite, response: { 200: 'api/staff/payout.response.schema.json' } },
  /** A payout file marked paid: exactly its credits still approved move to paid, once. */
  staffReferralsPayoutPaid: { access: 'owner', limit: staffWrite, body: 'api/staff/payoutPaid.request.schema.json', response: message },
  /** Who reviews referral credits: said to staff and viewers, who cannot. */
  staffReferralsReviewers: { access: 'viewer', limit: staffRead, response: { 200: 'api/staff/reviewers.response.schema.json' } },

  /** 201 when sent, 200 with the first application for a second one for the same thing, or a repeat of the request. */
  apply: {
    access: 'member',
    limit: { allowance: 'applications' },
    body: 'api/application.request.schema.json',
    response: { 200: 'api/application.response.schema.json', 201: 'api/application.response.schema.json' },
  },
  myApplications: { access: 'member', limit: { allowance: 'accountRead' }, response: { 200: 'api/myApplications.response.schema.json' } },
  withdrawApplication: { access: 'member', limit: { allowance: 'accountWrite' }, body: 'api/applicationWithdraw.request.schema.json', response: message },
  /** The PDF itself as the body (checked by its bytes); up to 2 MB, with room for the request around it. */
  uploadResume: {
    access: 'member',
    limit: { allowance: 'resumeUpload' },
    accepts: 'application/pdf',
    maxBodyBytes: 2 * 1024 * 1024 + 1024,
    response: { 201: 'api/resume.response.schema.json' },
  },
  /** Her own résumé, always as an attachment. */
  resumeFile: { access: 'member', limit: { allowance: 'accountRead' }, querystring: 'api/resumeQuery.schema.json', response: {}, file: 'application/pdf' },
  /** What /enroll shows as seats left. */
  programmeSeats: { access: 'anyone', limit: { allowance: 'seatsRead' }, response: { 200: 'api/programmeSeats.response.schema.json' } },
  /** What the application page shows and asks: one thing, or every role of a programme (items empty when the release has none). */
  applyables: {
    access: 'anyone',
    limit: { allowance: 'applyablesRead' },
    querystring: 'api/applyables.query.schema.json',
    response: { 200: 'api/applyCatalogue.schema.json' },
  },
  staffApplications: {
    access: 'viewer',
    limit: staffRead,
    querystring: 'api/staff/applications.query.schema.json',
    response: { 200: 'api/staff/applications.response.schema.json' },
  },
  staffApplication: {
    access: 'viewer',
    limit: staffRead,
    querystring: 'api/staff/enquiry.query.schema.json',
    response: { 200: 'api/staff/application.response.schema.json' },
  },
  staffApplicationsUpdate: {
    access: 'staff',
    limit: staffWrite,
    body: 'api/staff/applicationsUpdate.request.schema.json',
    response: { 200: 'api/staff/applicationsUpdate.response.schema.json' },
  },
  /** A student's résumé, as an attachment: personal data, read by every role that reads applications, and logged. */
  staffApplicationResume: { access: 'viewer', limit: staffRead, querystring: 'api/staff/enquiry.query.schema.json', response: {}, file: 'application/pdf' },
  staffApplicationCertificate: { access: 'staff', limit: staffWrite, body: 'api/staff/applicationCertificate.request.schema.json', response: message },

  /** 201 when made, 200 with the first answer for a repeat of its idempotency key. */
  createOrder: {
    access: 'member',
    limit: { allowance: 'orders' },
    body: 'api/order.request.schema.json',
    response: { 200: 'api/order.response.schema.json', 201: 'api/order.response.schema.json' },
  },
  myOrders: { access: 'member', limit: { allowance: 'accountRead' }, response: { 200: 'api/myOrders.response.schema.json' } },
  reportPayment: {
    access: 'member',
    limit: { allowance: 'paymentReports' },
    body: 'api/orderReport.request.schema.json',
    response: { 200: 'api/order.response.schema.json' },
  },
  cancelOrder: {
    access: 'member',
    limit: { allowance: 'accountWrite' },
    body: 'api/orderQuery.schema.json',
    response: { 200: 'api/order.response.schema.json' },
  },
  /** The order's UPI link as a QR code, for paying from a phone while the page is on a computer. */
  orderQr: { access: 'member', limit: { allowance: 'accountRead' }, querystring: 'api/orderQuery.schema.json', response: {}, file: 'image/svg+xml' },
  /** A paid order's receipt, as a download. */
  receiptFile: { access: 'member', limit: { allowance: 'accountRead' }, querystring: 'api/orderQuery.schema.json', response: {}, file: 'application/pdf' },
  /** Gifts confirmed for the campaign since the day its progress bar counts them from. */
  campaign: { access: 'anyone', limit: { allowance: 'seatsRead' }, response: { 200: 'api/campaign.response.schema.json' } },
  // Money: staff confirm and import statements; only owners refund and export for the accountant.
  staffPayments: {
    access: 'staff',
    limit: staffRead,
    querystring: 'api/staff/payments.query.schema.json',
    response: { 200: 'api/staff/payments.response.schema.json' },
  },
  staffPaymentsDecide: {
    access: 'staff',
    limit: staffWrite,
    body: 'api/staff/paymentsDecide.request.schema.json',
    response: { 200: 'api/staff/paymentsDecide.response.schema.json' },
  },
  /** A statement (2 MB at most, with room for base64) previewed, or its matches confirmed in one step. */
  staffStatement: {
    access: 'staff',
    limit: staffWrite,
    maxBodyBytes: 3 * 1024 * 1024,
    body: 'api/staff/statement.request.schema.json',
    response: { 200: 'api/staff/statement.response.schema.json' },
  },
  staffPaymentRefund: { access: 'owner', limit: staffWrite, body: 'api/staff/paymentRefund.request.schema.json', response: message },
  /** Every order as CSV, for the accountant. */
  staffPaymentsExport: { access: 'owner', limit: staffRead, querystring: 'api/staff/payments.query.schema.json', response: {}, file: 'text/csv' },
  staffPaymentReceipt: { access: 'staff', limit: staffRead, querystring: 'api/orderQuery.schema.json', response: {}, file: 'application/pdf' },

  /** The process is up. */
  health: { access: 'anyone', response: {} },
  /** It can serve: the database answers and can be written (503 otherwise). */
  ready: { access: 'anyone', response: {} },
} as const satisfies { readonly [N in ApiRouteName]: ApiContract };

type Endpoints = typeof pageEndpoints & typeof programEndpoints & typeof staffEndpoints;
type Contracts = typeof contracts;
/** Each route's whole record, as the catalogue's tables say it (and an ApiRoute, so every part can be read of any route). */
export type ApiRoutes = { readonly [N in ApiRouteName]: ApiRoute & { readonly method: Endpoints[N][0]; readonly path: Endpoints[N][1] } & Contracts[N] };

function join(pages: typeof pageEndpoints, programs: typeof programEndpoints, staff: typeof staffEndpoints, byName: Contracts): ApiRoutes {
  const endpoints: Endpoints = { ...pages, ...programs, ...staff };
  const names = Object.keys(endpoints) as ApiRouteName[];
  return Object.fromEntries(names.map((name) => [name, { method: endpoints[name][0], path: endpoints[name][1], ...byName[name] }])) as ApiRoutes;
}

/** The catalogue: every route by name, with its method, path and schemas. */
export const apiRoutes: ApiRoutes = /* @__PURE__ */ join(pageEndpoints, programEndpoints, staffEndpoints, contracts);

/** Every path under it is the API's: answered by the catalogue's routes or refused as one (never a page). */
export const API_PREFIX = '/api/';
/** The console's routes, where alone its session cookie is sent (with its pages at /staff). */
export const STAFF_API_PREFIX = '/api/staff';
