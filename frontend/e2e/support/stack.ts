/**
 * The local stack the specs run against (scripts/e2e.sh starts it): the Go
 * server at E2E_BASE_URL, the Firebase Auth emulator at E2E_AUTH_EMULATOR (host:port),
 * the server's SQLite file and the devseed binary.
 */
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { type BrowserContext, type Page } from '@playwright/test';

export const stack = {
  authEmulator: process.env.E2E_AUTH_EMULATOR ?? '',
  projectId: process.env.E2E_PROJECT_ID ?? 'demo-listinglift',
  sqlitePath: process.env.E2E_SQLITE_PATH ?? '',
  devseed: process.env.E2E_DEVSEED ?? '',
};

/** Why the accounts spec cannot run here, or null when it can. */
export function missingStack(): string | null {
  const missing = Object.entries({ E2E_AUTH_EMULATOR: stack.authEmulator, E2E_SQLITE_PATH: stack.sqlitePath, E2E_DEVSEED: stack.devseed })
    .filter(([, value]) => value === '')
    .map(([name]) => name);
  return missing.length ? `needs the local stack (scripts/e2e.sh sets ${missing.join(', ')})` : null;
}

let counter = 0;
/** A new e-mail address for every call, so tests never share an account. */
export function uniqueEmail(tag: string): string {
  counter += 1;
  return `${tag}-${Date.now().toString(36)}-${process.pid}-${counter}@example.com`;
}

export interface EmulatorAccount {
  uid: string;
  idToken: string;
  email: string;
  password: string;
  displayName: string;
}

/** Creates an e-mail/password account through the Auth emulator's REST API (identitytoolkit accounts:signUp). */
export async function createAccount(displayName: string, email = uniqueEmail('host'), password = 'Secret123!'): Promise<EmulatorAccount> {
  const response = await fetch(`http://${stack.authEmulator}/identitytoolkit.googleapis.com/v1/accounts:signUp?key=demo-api-key`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ email, password, displayName, returnSecureToken: true }),
  });
  if (!response.ok) throw new Error(`emulator signUp: ${response.status} ${await response.text()}`);
  const body = (await response.json()) as { localId: string; idToken: string };
  return { uid: body.localId, idToken: body.idToken, email, password, displayName };
}

/** Records a sign-in through the API (POST /api/me), which creates the customer profile. */
export async function recordSignIn(baseURL: string, account: EmulatorAccount): Promise<void> {
  const response = await fetch(new URL('/api/me', baseURL), {
    method: 'POST',
    headers: { Authorization: `Bearer ${account.idToken}`, 'Content-Type': 'application/json' },
    body: JSON.stringify({ displayName: account.displayName }),
  });
  if (!response.ok) throw new Error(`POST /api/me: ${response.status} ${await response.text()}`);
}

/** Adds `count` sample optimizations for a customer who has signed in once (backend/cmd/devseed). */
export function seedOptimizations(uid: string, count = 12): void {
  execFileSync(stack.devseed, ['-db', stack.sqlitePath, '-uid', uid, '-count', String(count)], { stdio: 'pipe' });
}

/** Adds one completed Basic report for a customer who has signed in once (devseed's first record), returning its id. */
export function seedCompletedReport(uid: string): string {
  const out = execFileSync(stack.devseed, ['-db', stack.sqlitePath, '-uid', uid, '-count', '1'], { encoding: 'utf8' });
  const [id, , status] = out.trim().split('\t');
  if (!id || status !== 'completed') throw new Error(`devseed made no completed report: ${out}`);
  return id;
}

/** Collects console errors and uncaught page errors for the life of a page. */
export function trackErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(`console: ${message.text()}`);
  });
  page.on('pageerror', (error) => errors.push(`pageerror: ${error.message}`));
  return errors;
}

const gapiShim = readFileSync(join(dirname(fileURLToPath(import.meta.url)), 'gapi-shim.js'), 'utf8');

/**
 * Google popup sign-in needs Google's gapi loader, which these machines cannot reach:
 * serve the stand-in in its place (see gapi-shim.js). The emulator's popup widget also
 * links web fonts and a CSS kit from CDNs; those are refused at once instead of timing out.
 */
export async function serveGoogleLoaderOffline(context: BrowserContext): Promise<void> {
  await context.route(/^https:\/\/apis\.google\.com\/js\/api\.js/, (route) =>
    route.fulfill({ status: 200, contentType: 'text/javascript; charset=utf-8', body: gapiShim }),
  );
  await context.route(/^https:\/\/(unpkg\.com|fonts\.googleapis\.com|fonts\.gstatic\.com)\//, (route) => route.abort());
}
