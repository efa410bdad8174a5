import { expect, test, type Locator, type Page } from '@playwright/test';
import { tone } from './support/report';
import {
  createAccount,
  missingStack,
  recordSignIn,
  seedOptimizations,
  serveGoogleLoaderOffline,
  trackErrors,
  uniqueEmail,
  type EmulatorAccount,
} from './support/stack';

// Runs against the real local stack: the Go server, the Firebase Auth emulator, SQLite.
test.skip(() => missingStack() !== null, missingStack() ?? '');

const nav = (page: Page) => page.getByRole('navigation', { name: 'Primary' });
const main = (page: Page) => page.getByRole('main');

async function logIn(page: Page, account: Pick<EmulatorAccount, 'email' | 'password'>) {
  await page.goto('/login');
  await page.getByLabel('Email').fill(account.email);
  await page.getByLabel('Password', { exact: true }).fill(account.password);
  await page.getByRole('button', { name: 'Log in', exact: true }).click();
  await expect(page).toHaveURL(/\/$/);
}

/** Google popup sign-in from /login: a new Google account in the emulator's chooser. */
async function signInWithGooglePopup(page: Page, name: string) {
  const popupPromise = page.waitForEvent('popup');
  await page.getByRole('button', { name: 'Continue with Google' }).click();
  const popup = await popupPromise;
  await popup.waitForLoadState('domcontentloaded');
  // The emulator's account chooser: add a new Google account.
  await popup.getByText('Add new account').click();
  await popup.locator('#email-input').fill(uniqueEmail('google'));
  await popup.locator('#display-name-input').fill(name);
  await popup.locator('#sign-in').click();
  await expect(page).toHaveURL(/\/$/, { timeout: 15_000 });
}

test.describe('sign-up', () => {
  test('shows every validation message and the strength label at each score, then signs up', async ({ page }) => {
    const errors = trackErrors(page);
    await page.goto('/signup');
    await expect(page.getByRole('heading', { level: 1, name: 'Create your account' })).toBeVisible();
    const form = page.getByRole('form', { name: 'Sign up' });
    const name = form.getByLabel('Full name');
    const email = form.getByLabel('Email');
    const password = form.getByLabel('Password', { exact: true });
    const confirm = form.getByLabel('Confirm password');
    const submit = form.getByRole('button', { name: 'Create account' });

    // All four are required, and the e-mail must be an e-mail: the browser stops the submit.
    await submit.click();
    for (const field of [name, email, password, confirm]) {
      expect(await field.evaluate((el: HTMLInputElement) => el.validity.valueMissing)).toBe(true);
    }
    await email.fill('not-an-email');
    expect(await email.evaluate((el: HTMLInputElement) => el.validity.typeMismatch)).toBe(true);
    await expect(page).toHaveURL(/\/signup$/);

    // Strength meter: one point each for length ≥ 8, mixed case, a digit, a symbol.
    await expect(form.getByText('Use 8+ characters with a mix of letters, numbers & symbols')).toBeVisible();
    const label = form.getByTestId('password-strength-label');
    for (const [value, expected] of [
      ['abc', 'Very Weak'],
      ['abcdefgh', 'Weak'],
      ['abcdefg1', 'Fair'],
      ['Abcdefg1', 'Good'],
      ['Abcdefg1!', 'Strong'],
    ] as const) {
      await password.fill(value);
      await expect(label).toHaveText(expected);
    }

    // "Passwords do not match": inline while typing, and at submit.
    await name.fill('Casey Validation');
    const address = uniqueEmail('signup');
    await email.fill(address);
    await password.fill('Abcdefg1!');
    await confirm.pressSequentially('Abc');
    await expect(form.getByText('Passwords do not match')).toBeVisible();
    await submit.click();
    await expect(form.getByText('Passwords do not match')).toBeVisible();
    await expect(confirm).toBeFocused();

    // "Password must be at least 6 characters long".
    await password.fill('Ab1!x');
    await confirm.fill('Ab1!x');
    await expect(form.getByText('Passwords do not match')).toBeHidden();
    await submit.click();
    await expect(form.getByText('Password must be at least 6 characters long')).toBeVisible();
    await expect(page).toHaveURL(/\/signup$/);

    // A valid sign-up: the next step, the optimize form with its listing field focused
    // (issue 43: not the marketing hero), greeted by the name set on create.
    await password.fill('Abcdefg1!');
    await confirm.fill('Abcdefg1!');
    await submit.click();
    await expect(page).toHaveURL(/\/#optimize$/);
    await expect(page.locator('#optimize').getByLabel('Listing URL')).toBeFocused();
    await expect(page.locator('#optimize').getByLabel('Listing URL')).toBeInViewport();
    await expect(nav(page).getByText('Welcome Casey Validation')).toBeVisible();
    await expect(nav(page).getByRole('link', { name: 'Dashboard' })).toBeVisible();

    // The profile was recorded with that name (POST /api/me on sign-in).
    await page.goto('/dashboard');
    await expect(main(page).getByText('Welcome back, Casey Validation.', { exact: false })).toBeVisible();
    await expect(page.getByTestId('optimizations-empty')).toBeVisible();
    expect(errors).toEqual([]);
  });

  test('an already-registered e-mail shows the message, then /login after 3 s', async ({ page }) => {
    const account = await createAccount('Existing Host');
    await page.goto('/signup');
    const form = page.getByRole('form', { name: 'Sign up' });
    await form.getByLabel('Full name').fill('Someone Else');
    await form.getByLabel('Email').fill(account.email);
    await form.getByLabel('Password', { exact: true }).fill('Another1!');
    await form.getByLabel('Confirm password').fill('Another1!');
    await form.getByRole('button', { name: 'Create account' }).click();

    await expect(page.getByRole('alert')).toContainText('This email is already registered. Please use the login page instead.');
    const shownAt = Date.now();
    await expect(page).toHaveURL(/\/signup$/);
    await page.waitForURL(/\/login$/, { timeout: 10_000 });
    const waited = Date.now() - shownAt;
    expect(waited).toBeGreaterThan(2_500);
    expect(waited).toBeLessThan(6_000);
    await expect(page.getByRole('heading', { level: 1, name: 'Log in' })).toBeVisible();
  });
});

test.describe('log in and out', () => {
  test('the show/hide toggle, log in, the nav greeting, log out, log in again', async ({ page }) => {
    const errors = trackErrors(page);
    const account = await createAccount('Robin Login');
    await page.goto('/login');
    const password = page.getByLabel('Password', { exact: true });
    const toggle = page.getByRole('button', { name: 'Show password' });
    await password.fill(account.password);
    await expect(password).toHaveAttribute('type', 'password');
    await toggle.click();
    await expect(password).toHaveAttribute('type', 'text');
    await expect(toggle).toHaveAttribute('aria-pressed', 'true');
    await toggle.click();
    await expect(password).toHaveAttribute('type', 'password');

    await page.getByLabel('Email').fill(account.email);
    await page.getByRole('button', { name: 'Log in', exact: true }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(nav(page).getByText('Welcome Robin Login')).toBeVisible();
    await expect(nav(page).getByRole('link', { name: 'Login' })).toHaveCount(0);

    await nav(page).getByRole('button', { name: 'Logout' }).click();
    await expect(nav(page).getByRole('link', { name: 'Login' })).toBeVisible();
    await expect(nav(page).getByRole('link', { name: 'Sign Up' })).toBeVisible();
    await expect(nav(page).getByText(/Welcome/)).toHaveCount(0);

    await logIn(page, account);
    await expect(nav(page).getByText('Welcome Robin Login')).toBeVisible();
    expect(errors).toEqual([]);
  });

  test('a wrong password shows a plain sentence, not the service’s code', async ({ page }) => {
    const account = await createAccount('Wrong Password');
    await page.goto('/login');
    await page.getByLabel('Email').fill(account.email);
    await page.getByLabel('Password', { exact: true }).fill('not-the-password');
    await page.getByRole('button', { name: 'Log in', exact: true }).click();
    await expect(page.getByRole('alert')).toHaveText('That e-mail and password do not match. Check them and try again, or reset your password.');
    await expect(page.getByRole('alert')).not.toContainText('Firebase');
    await expect(page).toHaveURL(/\/login$/);
  });

  test('password reset: asks for the e-mail first, then confirms the e-mail went out', async ({ page }) => {
    const account = await createAccount('Reset Host');
    await page.goto('/login');
    const forgot = page.getByRole('button', { name: 'Forgot your password?' });
    await forgot.click();
    await expect(page.getByRole('alert')).toHaveText('Please enter your email address first');
    await page.getByLabel('Email').fill(account.email);
    await forgot.click();
    await expect(page.getByRole('status').filter({ hasText: 'Password reset' })).toHaveText(
      'Password reset email sent! Check your inbox.',
    );
  });

  test('a signed-in user is sent away from /login and /signup', async ({ page }) => {
    const account = await createAccount('Away Host');
    await logIn(page, account);
    await page.goto('/login');
    await expect(page).toHaveURL(/\/$/);
    await expect(nav(page).getByText('Welcome Away Host')).toBeVisible();
    await page.goto('/signup');
    await expect(page).toHaveURL(/\/#optimize$/); // "/", at the optimize form: a signed-in host's next step
  });

  test('Google popup sign-in through the Auth emulator', async ({ page, context }) => {
    const errors = trackErrors(page);
    await serveGoogleLoaderOffline(context);
    await page.goto('/login');
    await signInWithGooglePopup(page, 'Gale Google');
    await expect(nav(page).getByText('Welcome Gale Google')).toBeVisible();
    await page.goto('/dashboard');
    await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
    expect(errors).toEqual([]);
  });
});

test.describe('Google sign-in on a phone', () => {
  test.use({
    viewport: { width: 375, height: 812 },
    isMobile: true,
    hasTouch: true,
    userAgent: 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36',
  });

  // On phones a popup opened long after the tap is blocked, so Google's scripts load
  // as /login shows; the pages that only restore a session must not wait for them.
  test("Google's scripts load where its button is, never on the signed-in pages", async ({ page, context }) => {
    const errors = trackErrors(page);
    await serveGoogleLoaderOffline(context);
    const google: string[] = [];
    page.on('request', (request) => {
      if (request.url().startsWith('https://apis.google.com/')) google.push(request.url());
    });

    const loaded = page.waitForRequest(/^https:\/\/apis\.google\.com\/js\/api\.js/);
    await page.goto('/login');
    await loaded;
    await signInWithGooglePopup(page, 'Pat Phone');

    // Signed in (the dashboard is for signed-in hosts only), on a fresh page load.
    google.length = 0;
    await page.goto('/dashboard');
    await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
    await page.waitForLoadState('networkidle');
    expect(google).toEqual([]);
    expect(errors).toEqual([]);
  });
});

test.describe('dashboard', () => {
  test.use({ timezoneId: 'UTC' });

  test('denies a signed-out visitor', async ({ page }) => {
    await page.goto('/dashboard');
    await expect(page.getByRole('heading', { level: 1, name: 'Access Denied' })).toBeVisible();
    await expect(page.getByText('Please log in to view your dashboard')).toBeVisible();
    await main(page).getByRole('link', { name: 'Go to Login' }).click();
    await expect(page).toHaveURL(/\/login\?next=%2Fdashboard$|\/login\?next=\/dashboard$/);
    // Logging in from here comes back to the dashboard.
    const account = await createAccount('Back To Dashboard');
    await page.getByLabel('Email').fill(account.email);
    await page.getByLabel('Password', { exact: true }).fill(account.password);
    await page.getByRole('button', { name: 'Log in', exact: true }).click();
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
  });

  /** Seeded like backend/cmd/devseed: n = 1..12, created 2026-01-05T15:04Z + (n-1) × 25 h. */
  const STATUSES = ['completed', 'pending', 'processing', 'failed', 'refunded'];
  const seeded = (n: number) => ({
    title: `Sample listing ${n}`,
    status: STATUSES[(n - 1) % STATUSES.length] ?? '',
    date: new Date(Date.parse('2026-01-05T15:04:00Z') + (n - 1) * 25 * 3600_000).toLocaleDateString('en-US', {
      year: 'numeric',
      month: 'long',
      day: 'numeric',
      timeZone: 'UTC',
    }),
  });

  async function expectPage(page: Page, summary: string, numbers: number[]) {
    await expect(page.getByTestId('results-summary')).toHaveText(summary);
    const rows = page.getByTestId('optimization-row');
    await expect(rows).toHaveCount(numbers.length);
    for (const [i, n] of numbers.entries()) {
      const row: Locator = rows.nth(i);
      const expected = seeded(n);
      await expect(row.getByRole('link')).toHaveText(expected.title);
      await expect(row.getByRole('link')).toHaveAttribute('href', /^\/payment-success\?session_id=cs_test_seed_/);
      const badge = row.getByTestId('status-badge');
      await expect(badge).toHaveAttribute('data-status', expected.status);
      const wanted = { completed: 'green', pending: 'amber', processing: 'amber', failed: 'red' }[expected.status] ?? 'grey';
      await expect(badge).toHaveAttribute('data-tone', wanted);
      // The rendered colour's hue family: amber badges read as yellow.
      const background = await badge.evaluate((el) => getComputedStyle(el).backgroundColor);
      expect(tone(background), `${expected.status} badge background ${background}`).toBe(wanted === 'amber' ? 'yellow' : wanted);
      await expect(row.getByTestId('optimization-date')).toHaveText(`Created ${expected.date}`);
    }
  }

  test('with 12 seeded optimizations: stats, 3 pages, badge colours and US dates', async ({ page, baseURL }) => {
    const errors = trackErrors(page);
    const account = await createAccount('Dana Dashboard');
    await recordSignIn(baseURL ?? '', account);
    seedOptimizations(account.uid, 12);

    await logIn(page, account);
    await expect(nav(page).getByText('Welcome Dana Dashboard')).toBeVisible();
    await nav(page).getByRole('link', { name: 'Dashboard' }).click();
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
    await expect(page.getByRole('navigation', { name: 'Account' }).getByText('Welcome Dana Dashboard')).toBeVisible();

    const stats = page.getByTestId('dashboard-stats');
    await expect(stats.getByText('Account status', { exact: true }).locator('xpath=following-sibling::dd[1]')).toHaveText('Active');
    const today = new Date().toLocaleDateString('en-US', { year: 'numeric', month: 'long', day: 'numeric', timeZone: 'UTC' });
    await expect(stats.getByText('Member since', { exact: true }).locator('xpath=following-sibling::dd[1]')).toHaveText(today);
    await expect(stats.getByText('Last login', { exact: true }).locator('xpath=following-sibling::dd[1]')).toHaveText(today);
    // devseed records its 12 orders as purchases: the 9 that got past
    // checkout count, the 3 still pending do not.
    await expect(stats.getByText('Total optimizations', { exact: true }).locator('xpath=following-sibling::dd[1]')).toHaveText('9');

    const pagination = page.getByRole('navigation', { name: 'Pagination' });
    await expect(pagination.getByRole('link', { name: /^Page \d$/ })).toHaveCount(3);
    await expectPage(page, 'Showing 1 to 5 of 12 results', [12, 11, 10, 9, 8]);

    await pagination.getByRole('link', { name: 'Next' }).click();
    await expect(page).toHaveURL(/\/dashboard\?page=2$/);
    await expectPage(page, 'Showing 6 to 10 of 12 results', [7, 6, 5, 4, 3]);

    await pagination.getByRole('link', { name: 'Page 3' }).click();
    await expect(page).toHaveURL(/\/dashboard\?page=3$/);
    await expectPage(page, 'Showing 11 to 12 of 12 results', [2, 1]);
    await expect(pagination.getByRole('link', { name: 'Next' })).toHaveCount(0);

    // The page is in the URL: reload and Back keep it.
    await page.reload();
    await expectPage(page, 'Showing 11 to 12 of 12 results', [2, 1]);
    await page.goBack();
    await expect(page).toHaveURL(/\/dashboard\?page=2$/);
    await expect(page.getByTestId('results-summary')).toHaveText('Showing 6 to 10 of 12 results');
    await pagination.getByRole('link', { name: 'Previous' }).click();
    await expect(page.getByTestId('results-summary')).toHaveText('Showing 1 to 5 of 12 results');

    // The dashboard itself logged no errors.
    expect(errors).toEqual([]);

    // A row opens its report: the pending one (n = 12) its loading screen,
    // a completed one (n = 11) the report itself.
    await page.getByTestId('optimization-row').first().getByRole('link').click();
    await expect(page).toHaveURL(/\/payment-success\?session_id=cs_test_seed_.+_12$/);
    await expect(page.getByTestId('loading-screen')).toBeVisible();
    await page.goBack();
    await page.getByTestId('optimization-row').nth(1).getByRole('link').click();
    await expect(page).toHaveURL(/\/payment-success\?session_id=cs_test_seed_.+_11$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(/^Your (Basic|Premium) listing optimization is ready$/);
    await page.waitForLoadState('networkidle');
    expect(errors).toEqual([]);
  });

  test.describe('mobile (375 × 812)', () => {
    test.use({ viewport: { width: 375, height: 812 }, isMobile: true, hasTouch: true });

    test('the dashboard has no horizontal overflow', async ({ page, baseURL }) => {
      const account = await createAccount('Mobile Host');
      await recordSignIn(baseURL ?? '', account);
      seedOptimizations(account.uid, 7);
      await logIn(page, account);
      await page.goto('/dashboard');
      await expect(page.getByTestId('results-summary')).toHaveText('Showing 1 to 5 of 7 results');
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    });

    test('/login and /signup have no horizontal overflow', async ({ page }) => {
      for (const path of ['/login', '/signup']) {
        await page.goto(path);
        await expect(page.getByLabel('Email')).toBeVisible();
        expect(await page.evaluate(() => document.documentElement.scrollWidth), path).toBeLessThanOrEqual(375);
      }
    });
  });
});

test.describe('before any JavaScript has run', () => {
  test.use({ javaScriptEnabled: false });

  // The pages that restore a session come drawn: their first screen paints at once on a
  // slow phone instead of after the app, the SDK and the session check.
  test('the report, the dashboard and the log-in page show their first screen', async ({ page }) => {
    await page.goto('/payment-success?session_id=cs_test_drawn');
    await expect(page.getByRole('heading', { level: 1, name: 'Creating Your Optimization Report' })).toBeVisible();
    await expect(page.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '0');
    await page.goto('/dashboard');
    await expect(page.getByText('Checking your session…')).toBeVisible();
    await page.goto('/login');
    await expect(page.getByRole('heading', { level: 1, name: 'Log in' })).toBeVisible();
  });
});
