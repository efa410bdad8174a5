/**
 * The optimize form and the accounts around it, as a host uses them: the landing page's
 * #optimize form, the sign-up and login forms, the stored draft and the dashboard.
 */
import { expect, type Page, type Request, type Response } from '@playwright/test';
import { type EmulatorAccount } from './stack';

/** A listing the e2e server reads from the local fixture site (scripts/e2e.sh sets it). */
export function fixtureListingUrl(): string {
  const url = process.env.E2E_FIXTURE_LISTING_URL ?? '';
  if (!url) {
    throw new Error(
      'E2E_FIXTURE_LISTING_URL is not set: it must name a listing the e2e server can read (scripts/e2e.sh sets it, ' +
        'e.g. https://www.airbnb.com/rooms/48123456 served by backend/cmd/fixturesite).',
    );
  }
  return url;
}

/** SPEC §4/§8 messages the flow shows. */
export const SIGN_IN_TO_CONTINUE = 'Please create an account or sign in to continue...';
export const WELCOME_BACK = 'Welcome back! Continuing with your listing optimization...';

/** SPEC §3 "Pending optimization draft", under localStorage.pendingOptimization. */
export interface Draft {
  listingUrl: string;
  email: string;
  title: string;
  description: string;
  selectedPlan: 'basic' | 'premium';
}

export function optimizeForm(page: Page) {
  const root = page.locator('#optimize form');
  return {
    root,
    url: root.getByLabel('Listing URL'),
    email: root.getByLabel('Email'),
    title: root.getByLabel('Listing title'),
    description: root.getByLabel('Listing description'),
    plan: (plan: 'basic' | 'premium') => root.getByRole('radio', { name: plan === 'basic' ? /Basic/ : /Premium/ }),
    submit: root.getByRole('button', { name: 'Optimize My Listing' }),
    alert: root.getByRole('alert'),
  };
}

const isCall = (method: string, path: string) => (message: Request | Response) => {
  const request = 'request' in message ? message.request() : message;
  return request.method() === method && new URL(request.url()).pathname === path;
};
export const isScrapeCall = isCall('POST', '/api/scrape');
export const isCheckoutSessionCall = isCall('POST', '/api/create-checkout-session');
export const isOptimizeCall = isCall('POST', '/api/optimize');

/**
 * Pastes the listing URL into the form and waits for the listing to be read (one scrape,
 * SPEC §4); returns the title and description it filled in.
 */
export async function enterListing(page: Page, url: string): Promise<{ title: string; description: string }> {
  const form = optimizeForm(page);
  // Bounded, so that a read never sent fails here, by name, not at the test's end.
  const answer = page.waitForResponse(isScrapeCall, { timeout: 15_000 });
  await form.url.fill(url);
  const body = (await (await answer).json()) as { success: boolean; title?: string; description?: string; error?: string };
  expect(body.success, `the fixture listing is read (${body.error ?? ''})`).toBe(true);
  const read = { title: body.title ?? '', description: body.description ?? '' };
  await expect(form.title).toHaveValue(read.title);
  await expect(form.description).toHaveValue(read.description);
  await expect(form.submit).toBeEnabled();
  return read;
}

/** The stored draft, parsed; null when there is none. */
export async function storedDraft(page: Page): Promise<unknown> {
  return page.evaluate(() => {
    const raw = window.localStorage.getItem('pendingOptimization');
    return raw === null ? null : (JSON.parse(raw) as unknown);
  });
}

/** Signs in through the login form; lands on the landing page. */
export async function logIn(page: Page, account: Pick<EmulatorAccount, 'email' | 'password'>) {
  await page.goto('/login');
  await page.getByLabel('Email').fill(account.email);
  await page.getByLabel('Password', { exact: true }).fill(account.password);
  await page.getByRole('button', { name: 'Log in', exact: true }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('navigation', { name: 'Primary' }).getByRole('button', { name: 'Logout' })).toBeVisible();
}

/** Fills in and sends the sign-up form on /signup. */
export async function signUpThroughForm(page: Page, account: { name: string; email: string; password: string }) {
  const form = page.getByRole('form', { name: 'Sign up' });
  await form.getByLabel('Full name').fill(account.name);
  await form.getByLabel('Email').fill(account.email);
  await form.getByLabel('Password', { exact: true }).fill(account.password);
  await form.getByLabel('Confirm password').fill(account.password);
  await form.getByRole('button', { name: 'Create account' }).click();
}

/*
 * The page's own Date.now() at the moment something happens on it: checked on every
 * animation frame, in the page, so the time is within a frame of the change however late
 * the answer reaches the test on a busy machine.
 */

/** The page's time at which `text` appears on it. */
export async function timeTextAppears(page: Page, text: string, timeout = 15_000): Promise<number> {
  const seen = await page.waitForFunction((wanted) => (document.body.innerText.includes(wanted) ? Date.now() : false), text, {
    polling: 'raf',
    timeout,
  });
  return (await seen.jsonValue()) as number;
}

/** The page's time at which its path becomes `path` (a client-side navigation). */
export async function timePathBecomes(page: Page, path: string, timeout = 15_000): Promise<number> {
  const seen = await page.waitForFunction((wanted) => (window.location.pathname === wanted ? Date.now() : false), path, {
    polling: 'raf',
    timeout,
  });
  return (await seen.jsonValue()) as number;
}

/** The dashboard row of the order whose report is at /payment-success?session_id=`key`. */
export function dashboardRow(page: Page, key: string) {
  return page.getByTestId('optimization-row').filter({
    has: page.locator(`a[href="/payment-success?session_id=${encodeURIComponent(key)}"]`),
  });
}
