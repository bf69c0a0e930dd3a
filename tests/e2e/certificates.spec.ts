import { expect, test } from './fixtures.ts';

test.describe('certificate verification', () => {
  test('verifies IC25/123456 through the form and shows its details', async ({ page }) => {
    await page.goto('/certificate-verification');
    const input = page.getByLabel('Certificate ID');
    const verify = page.getByRole('button', { name: 'Verify' });
    await expect(input).toHaveAttribute('placeholder', 'e.g. IC25/123456');
    await expect(verify).toBeDisabled();
    await input.fill('  IC25/123456  ');
    await input.press('Enter');
    await expect(page).toHaveURL(/\/details\?ids=IC25%2F123456$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Certificate Details' })).toBeVisible();
    await expect(page.locator('[data-field="certificateID"]')).toHaveText('IC25/123456');
    await expect(page.getByRole('heading', { name: 'Aarav Sharma' })).toBeVisible();
    await expect(page.locator('[data-field="issueDate"]')).toHaveText('05 March 2025');
    await expect(page.getByRole('heading', { name: 'Registered With' })).toBeVisible();
    await page.getByRole('link', { name: 'Go Back' }).click();
    await expect(page).toHaveURL(/\/certificate-verification$/);
  });

  test("shows 'Verifying...' with the field and button disabled while the server answers", async ({ page }) => {
    // The answer is held back until the loading state has been seen, however slow the machine.
    let answer: () => void = () => {};
    const seen = new Promise<void>((resolve) => (answer = resolve));
    await page.route('**/api/certificates/verify', async (route) => {
      await seen;
      await route.continue();
    });
    await page.goto('/certificate-verification');
    await page.getByLabel('Certificate ID').fill('IC25/123456');
    await page.getByRole('button', { name: 'Verify' }).click();
    await expect(page.getByRole('button', { name: 'Verifying...' })).toBeDisabled();
    await expect(page.getByLabel('Certificate ID')).toBeDisabled();
    answer();
    await expect(page).toHaveURL(/\/details/);
  });

  test('says so when no certificate has the ID', async ({ page }) => {
    await page.goto('/certificate-verification');
    await page.getByLabel('Certificate ID').fill('IC25/000001');
    await page.getByRole('button', { name: 'Verify' }).click();
    await expect(page.getByRole('alert')).toHaveText('No certificate found with ID: IC25/000001. Please verify the ID and try again.');
  });

  test('asks for an ID when only spaces were typed', async ({ page }) => {
    await page.goto('/certificate-verification');
    await page.getByLabel('Certificate ID').fill('   ');
    await page.getByRole('button', { name: 'Verify' }).click();
    await expect(page.getByRole('alert')).toHaveText('Please enter a valid certificate ID.');
  });

  test('finds a certificate however the ID is typed, and answers any other text with the spec sentence', async ({ page }) => {
    await page.goto('/certificate-verification');
    const input = page.getByLabel('Certificate ID');
    await input.fill('ic25 123456');
    await input.press('Enter');
    await expect(page).toHaveURL(/\/details\?ids=ic25%20123456$/);
    await expect(page.locator('[data-field="certificateID"]')).toHaveText('IC25/123456');
    await page.goto('/certificate-verification');
    await page.getByLabel('Certificate ID').fill('hello');
    await page.getByRole('button', { name: 'Verify' }).click();
    await expect(page.getByRole('alert')).toHaveText('No certificate found with ID: hello. Please verify the ID and try again.');
  });

  test('opens /details?ids= with two IDs directly', async ({ page }) => {
    await page.goto('/details?ids=IC25/123456,IC25/123457');
    await expect(page.locator('[data-field="certificateID"]')).toHaveText(['IC25/123456', 'IC25/123457']);
    await expect(page.locator('[data-field="issueDate"]')).toHaveText(['05 March 2025', '18 April 2025']);
  });

  test('shows a row for every ID of a mixed request: found, not found, malformed', async ({ page }) => {
    await page.goto('/details?ids=IC25/123456,IC25/000009,not an id!,IC24-998701');
    await expect(page.locator('[data-field="certificateID"]')).toHaveText(['IC25/123456', 'IC24/998701']);
    await expect(page.locator('[data-missing]')).toHaveText([
      'No certificate found with ID: IC25/000009. Please verify the ID and try again.',
      'No certificate found with ID: not an id!. Please verify the ID and try again.',
    ]);
    // The demo certificates say everywhere that they are samples.
    await expect(page.locator('[data-field="sample"]').first()).toHaveText(
      'This is a sample certificate for trying the verification. It was not issued to anyone.',
    );
  });

  test('explains a details page without ids, and one whose ids are unknown', async ({ page }) => {
    await page.goto('/details');
    await expect(page.getByRole('alert')).toHaveText('No certificate IDs provided.');
    await page.goto('/details?ids=IC25/000002');
    await expect(page.getByRole('alert')).toHaveText('No certificates found for the provided IDs.');
    await expect(page.locator('[data-missing]')).toHaveText('No certificate found with ID: IC25/000002. Please verify the ID and try again.');
  });

  test('explains a details page whose request fails', async ({ page, expectConsole }) => {
    expectConsole(/status of 503/);
    await page.route('**/api/certificates/verify', (route) =>
      route.fulfill({ status: 503, contentType: 'application/json', body: '{"message":"maintenance"}' }),
    );
    await page.goto('/details?ids=IC25/123456');
    await expect(page.getByRole('alert')).toContainText('Error fetching certificate data. Please try again.');
  });
});

test.describe('accounts', () => {
  test('signs up, logs in, shows who is logged in, and logs out', async ({ page }) => {
    const email = `asha.${Date.now()}@example.com`;
    await page.goto('/signup');
    await page.getByLabel('Full Name').fill('Asha Kumari');
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password', { exact: true }).fill('secret12');
    await page.getByLabel('Confirm Password').fill('secret12');
    await page.getByRole('button', { name: 'Sign Up' }).click();
    await expect(page.getByRole('alert')).toHaveText('Your account is ready. You can log in now.');

    await page.getByRole('link', { name: 'Already have an account? Log in' }).click();
    await expect(page).toHaveURL(/\/login$/);
    // The address changes at once; the sign-up form stays until the log-in page's code has loaded.
    await expect(page.getByRole('button', { name: 'Log In' })).toBeVisible();
    await page.getByLabel('Email').fill(email.toUpperCase());
    await page.getByLabel('Password').fill('secret12');
    await page.getByRole('button', { name: 'Log In' }).click();
    await expect(page.getByRole('alert')).toHaveText('Login successful!');
    await expect(page.getByTestId('auth-user')).toHaveText('Hi, Asha');

    await page.goto('/');
    await expect(page.getByTestId('auth-user')).toHaveText('Hi, Asha');
    await page.getByRole('button', { name: 'Log out' }).click();
    await expect(page.getByRole('link', { name: 'Log in' })).toBeVisible();
    await page.reload();
    await expect(page.getByRole('link', { name: 'Log in' })).toBeVisible();
    await expect(page.getByTestId('auth-user')).toHaveCount(0);
  });

  test('checks the sign-up form in the order of the spec', async ({ page }) => {
    await page.goto('/signup');
    const submit = page.getByRole('button', { name: 'Sign Up' });
    const alert = page.getByRole('alert');
    await submit.click();
    await expect(alert).toHaveText('Please fill out all fields');
    await page.getByLabel('Full Name').fill('Ravi');
    await page.getByLabel('Email').fill('ravi@example');
    await page.getByLabel('Password', { exact: true }).fill('abc');
    await page.getByLabel('Confirm Password').fill('abd');
    await submit.click();
    await expect(alert).toHaveText('Invalid email format');
    await page.getByLabel('Email').fill('ravi@example.com');
    await submit.click();
    await expect(alert).toHaveText('Password must be at least 6 characters');
    await page.getByLabel('Password', { exact: true }).fill('abcdef');
    await page.getByLabel('Confirm Password').fill('abcdeg');
    await submit.click();
    await expect(alert).toHaveText('Passwords do not match');
  });

  test('asks for both log-in fields and shows the server message on failure', async ({ page, expectConsole }) => {
    expectConsole(/status of 401/);
    await page.goto('/login');
    await page.getByRole('button', { name: 'Log In' }).click();
    await expect(page.getByRole('alert')).toHaveText('Please enter both email and password');
    await page.getByLabel('Email').fill('nobody@example.com');
    await page.getByLabel('Password').fill('whatever1');
    await page.getByRole('button', { name: 'Log In' }).click();
    await expect(page.getByRole('alert')).toHaveText('Invalid email or password.');
  });
});
