import type { APIRequestContext } from '@playwright/test';
import { expect } from './fixtures.ts';

/**
 * An account made through the API, for tests where signing up is not what they test (the sign-up form has tests of
 * its own: accounts.spec.ts, certificates.spec.ts, returnAfterLogin.spec.ts): one request instead of opening and
 * filling the form. With a page's request (page.request), that page's browser is then logged in as the new member;
 * with the test's own `request`, no browser is.
 */
export async function signUpByApi(request: APIRequestContext, fullName: string, email: string, password = 'secret12'): Promise<void> {
  const response = await request.post('/api/auth/signup', { data: { fullName, email, password } });
  expect(response.status(), await response.text()).toBe(201);
}
