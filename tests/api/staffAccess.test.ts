import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiRoutes, type StaffRouteName, staffEndpoints } from '../../engine/shared/apiRoutes.ts';
import { apiApp, json } from '../support/apiApp.ts';
import { backends } from '../support/databases.ts';
import { passwordOnly, signUp, staffSignedIn } from '../support/staff.ts';

/**
 * Who may call each console route: 'anyone' (signing in, following an invitation, signing out), 'password' (the
 * second factor's step), or the least role. A route added to the catalogue without a line here fails the first test.
 */
const ACCESS: Record<StaffRouteName, 'anyone' | 'password' | 'viewer' | 'staff' | 'owner'> = {
  staffLogin: 'anyone',
  staffAcceptInvitation: 'anyone',
  staffInvitation: 'anyone',
  staffLogout: 'anyone',
  staffSecondFactor: 'password',
  staffMe: 'viewer',
  staffMembers: 'owner',
  staffInvite: 'owner',
  staffWithdrawInvitation: 'owner',
  staffRemove: 'owner',
  staffAudit: 'owner',
  staffAuditExport: 'owner',
  staffOverview: 'viewer',
  staffEnquiries: 'viewer',
  staffEnquiry: 'viewer',
  staffEnquiryUpdate: 'staff',
  staffEnquiriesExport: 'staff',
  staffCertificates: 'viewer',
  staffCertificateHistory: 'viewer',
  staffCertificateNextId: 'staff',
  staffCertificateIssue: 'staff',
  staffCertificateImport: 'staff',
  staffCertificateRevoke: 'staff',
  staffCertificateReinstate: 'staff',
  staffReferrals: 'owner',
  staffReferralsDecide: 'owner',
  staffReferralsPayout: 'owner',
  staffReferralsPayoutPaid: 'owner',
  staffReferralsReviewers: 'viewer',
  staffApplications: 'viewer',
  staffApplication: 'viewer',
  staffApplicationsUpdate: 'staff',
  staffApplicationResume: 'viewer',
  staffApplicationCertificate: 'staff',
  staffPayments: 'staff',
  staffPaymentsDecide: 'staff',
  staffStatement: 'staff',
  staffPaymentRefund: 'owner',
  staffPaymentsExport: 'owner',
  staffPaymentReceipt: 'staff',
};
const RANK = { viewer: 0, staff: 1, owner: 2 } as const;
const ROLES = ['viewer', 'staff', 'owner'] as const;

/** A request to a console route, with a body its schema takes where it takes one (so only the guard can refuse it). */
const BODIES: Partial<Record<StaffRouteName, object>> = {
  staffSecondFactor: { code: '000000' },
  staffInvite: { email: 'walker@example.com', role: 'viewer' },
  staffWithdrawInvitation: { id: 999999 },
  staffRemove: { userId: 999999 },
  staffEnquiryUpdate: { id: 999999, note: 'walked' },
  staffCertificateIssue: {
    certificate: { certificateID: 'XX', studentName: 'A', regNo: 'R', college: 'C', courseName: 'N', marks: '1', issueDate: '2025-01-01' },
  },
  staffCertificateImport: { fileName: 'walk.csv', text: 'certificateID\n', write: false },
  staffCertificateRevoke: { id: 'IC00/000000', reason: 'walked' },
  staffCertificateReinstate: { id: 'IC00/000000' },
  staffReferralsDecide: { ids: [999999], decision: 'refuse' },
  staffReferralsPayoutPaid: { batch: 999999 },
  staffApplicationsUpdate: { ids: [999999], note: 'walked' },
  staffApplicationCertificate: {
    id: 999999,
    certificate: { certificateID: 'XX', studentName: 'A', regNo: 'R', college: 'C', courseName: 'N', marks: '1', issueDate: '2025-01-01' },
  },
  staffPaymentsDecide: { references: ['ICO222222222'], decision: 'confirm' },
  staffStatement: { fileName: 'walk.csv', text: 'Date,Narration,Ref No,Credit\n' },
  staffPaymentRefund: { reference: 'ICO222222222', note: 'walked' },
};

describe.each(backends())('every console route refuses whoever it should, on $name', (backend) => {
  let app: FastifyInstance;
  let dispose: () => Promise<void>;
  let member: string;
  let halfOwner: string;
  const sessions: Record<(typeof ROLES)[number], string> = { viewer: '', staff: '', owner: '' };

  beforeAll(async () => {
    const opened = await backend.open();
    dispose = opened.dispose;
    app = await apiApp(opened.handle);
    member = await signUp(app, 'member@example.com');
    for (const role of ROLES) sessions[role] = (await staffSignedIn(app, `${role}@example.com`, role)).cookie;
    halfOwner = await passwordOnly(app, 'owner@example.com');
  });
  afterAll(async () => {
    await app?.close();
    await dispose?.();
  });

  const call = (name: StaffRouteName, cookies: Record<string, string>) => {
    const [method, url] = staffEndpoints[name];
    return app.inject({ method, url, cookies, ...(method === 'POST' ? { headers: json, payload: BODIES[name] ?? {} } : {}) });
  };
  const guarded = (Object.keys(staffEndpoints) as StaffRouteName[]).filter((name) => ACCESS[name] !== 'anyone');

  it('knows who may call every route of the catalogue', () => {
    expect(Object.keys(ACCESS).sort()).toEqual(Object.keys(staffEndpoints).sort());
    expect(guarded.length).toBeGreaterThan(5);
    // The catalogue's own declaration, which the server registers from, says the same as this table.
    const declared = Object.fromEntries(
      (Object.keys(staffEndpoints) as StaffRouteName[]).map((name) => [name, apiRoutes[name].access === 'staffPassword' ? 'password' : apiRoutes[name].access]),
    );
    expect(declared).toEqual(ACCESS);
  });

  it.each(guarded)('%s answers 401 without a session, and for a made-up one', async (name) => {
    for (const cookies of [{}, { ic_staff: 'x'.repeat(43) }] as Record<string, string>[]) {
      const response = await call(name, cookies);
      expect(response.statusCode, response.body).toBe(401);
      expect(response.json().code).toBe('STAFF_NOT_SIGNED_IN');
    }
  });

  it.each(guarded)("%s answers 403 for a member's session", async (name) => {
    const response = await call(name, { ic_session: member });
    expect(response.statusCode, response.body).toBe(403);
    expect(response.json().code).toBe('STAFF_ONLY');
  });

  it.each(guarded.filter((name) => ACCESS[name] !== 'password'))('%s refuses a session that has not given the second factor', async (name) => {
    const response = await call(name, { ic_staff: halfOwner });
    expect(response.statusCode, response.body).toBe(401);
    expect(response.json().code).toBe('SECOND_FACTOR_REQUIRED');
  });

  it.each(guarded.filter((name) => ACCESS[name] !== 'password'))('%s answers 403 for each role below its own, and not for its own', async (name) => {
    const least = ACCESS[name] as keyof typeof RANK;
    for (const role of ROLES) {
      const response = await call(name, { ic_staff: sessions[role] });
      if (RANK[role] < RANK[least]) {
        expect(response.statusCode, `${role}: ${response.body}`).toBe(403);
        expect(response.json().code).toBe('STAFF_ROLE_TOO_LOW');
      } else expect([401, 403], `${role}: ${response.body}`).not.toContain(response.statusCode);
    }
  });

  it('lets a password-only session give its code, and nothing else', async () => {
    const response = await call('staffSecondFactor', { ic_staff: halfOwner });
    expect(response.statusCode).toBe(401);
    expect(response.json().code).toBe('SECOND_FACTOR_WRONG');
  });
});
