import type { AccountResponse } from '../types.ts';
import { type ApiResult, apiBase, callApi } from './calls.ts';

/** The logged-in member's account (GET /api/account): details, enquiries, referral code and earnings, newsletter choice. */
export function fetchAccount(): Promise<ApiResult<AccountResponse>> {
  return callApi<AccountResponse>('GET', '/api/account');
}

/** The address of the member's data download (a JSON file the browser saves). */
export const accountExportUrl = `${apiBase}/api/account/export`;

/** A member's own referral link: the sign-up page of this site with their code. */
export function referralLink(signupPath: string, code: string): string {
  return `${window.location.origin}${signupPath}?ref=${encodeURIComponent(code)}`;
}
