#!/usr/bin/env node
// Lighthouse (mobile preset: its default config, simulated slow 4G and a 4x slower CPU)
// on the landing page, /login and a report page, in Debian's Chromium, printing the
// four category scores with FCP and LCP, one line a page. scripts/lighthouse.sh starts
// the server and seeds the report; run that, not this, by hand.
//
// The report page needs a signed-in host: Firebase keeps the session in the browser's
// IndexedDB, and the sign-in also sets the session cookie the server draws the report's
// page with (SPEC §7 token sync, /api/session), as for a host. The page signs in through
// the /login form first (Lighthouse's documented recipe for authenticated pages: a puppeteer
// page handed to lighthouse()), then Lighthouse measures the report with storage kept
// (disableStorageReset) and the HTTP cache emptied by hand, so it is still a cold load.
//
// Env: LH_BASE_URL (the server), LH_REPORT_PATH (/payment-success?session_id=…),
// LH_EMAIL and LH_PASSWORD (the report's owner), CHROMIUM_PATH (default /usr/bin/chromium),
// LH_JSON_DIR (optional: where to keep each page's full report as JSON).
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import puppeteer from 'puppeteer-core';

const env = (name, fallback) => {
  const value = process.env[name] ?? fallback;
  if (value === undefined || value === '') throw new Error(`lighthouse.mjs: ${name} is not set (run scripts/lighthouse.sh)`);
  return value;
};
const base = env('LH_BASE_URL');
const origin = new URL(base).origin;
const reportPath = env('LH_REPORT_PATH');
const credentials = { email: env('LH_EMAIL'), password: env('LH_PASSWORD') };
const jsonDir = process.env.LH_JSON_DIR ?? '';

// The targets for the landing page (issue 16).
const LANDING_TARGET = { performance: 98, lcpMs: 1200 };

const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'];

const chrome = await chromeLauncher.launch({
  chromePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  // --no-sandbox: CI and this machine run as root. No background traffic: offline machine.
  chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
  logLevel: 'silent',
});
const browser = await puppeteer.connect({ browserURL: `http://127.0.0.1:${chrome.port}`, defaultViewport: null });

/** Signs in through the /login form, as a host would. */
async function signIn(page) {
  await page.goto(new URL('/login', base).href, { waitUntil: 'networkidle0' });
  await page.type('input[type="email"]', credentials.email);
  await page.type('input[type="password"]', credentials.password);
  await Promise.all([
    page.waitForFunction("location.pathname !== '/login'", { timeout: 30_000 }),
    page.click('form[aria-label="Log in"] button[type="submit"]'),
  ]);
}

/** One Lighthouse navigation; storage kept only when asked (the signed-in report page). */
async function measure(page, path, { keepStorage = false } = {}) {
  if (keepStorage) {
    const cdp = await page.createCDPSession();
    await cdp.send('Network.clearBrowserCache');
    await cdp.detach();
  }
  let result;
  // A run whose trace could not be read (e.g. NO_NAVSTART, seen now and then on a
  // fresh browser) has no metrics: Lighthouse itself says to run it again.
  for (let attempt = 1; attempt <= 3; attempt++) {
    result = await lighthouse(
      new URL(path, base).href,
      { logLevel: 'error', output: 'json', onlyCategories: CATEGORIES, disableStorageReset: keepStorage },
      undefined,
      page,
    );
    if (!result) throw new Error(`lighthouse gave no result for ${path}`);
    if (!result.lhr.runtimeError) break;
    console.error(`lighthouse: ${path}: ${result.lhr.runtimeError.code}${attempt < 3 ? ', running it again' : ''}`);
  }
  if (jsonDir) {
    mkdirSync(jsonDir, { recursive: true });
    writeFileSync(join(jsonDir, `${path.replace(/[^a-z0-9]+/gi, '_').replace(/^_|_$/g, '') || 'landing'}.json`), result.report);
  }
  return result.lhr;
}

const score = (lhr, id) => {
  const value = lhr.categories[id]?.score;
  return value == null ? '–' : String(Math.round(value * 100));
};
const seconds = (lhr, id) => {
  const value = lhr.audits[id]?.numericValue;
  return value == null ? '–' : `${(value / 1000).toFixed(1)} s`;
};

/** The best-practice audits that did not pass, each with what it found, external requests marked. */
function bestPracticeFailures(lhr) {
  const out = [];
  for (const ref of lhr.categories['best-practices'].auditRefs) {
    const audit = lhr.audits[ref.id];
    if (ref.weight === 0 || audit.score === null || audit.score >= 1) continue;
    const items = (audit.details?.items ?? []).map((item) => {
      const url = item.sourceLocation?.url ?? item.url ?? '';
      const text = [item.description, url].filter(Boolean).join(' — ') || JSON.stringify(item);
      const external = /^https?:/.test(url) && !url.startsWith(origin);
      const offline = external || /ERR_(NAME_NOT_RESOLVED|INTERNET_DISCONNECTED|CONNECTION_REFUSED|ADDRESS_UNREACHABLE)/.test(text);
      return `${offline ? '[offline: external request] ' : ''}${String(text).slice(0, 200)}`;
    });
    out.push({ title: audit.title, items });
  }
  return out;
}

const pages = [
  { name: 'landing', path: '/' },
  { name: 'login', path: '/login' },
  { name: 'report', path: reportPath, keepStorage: true },
];
const results = [];
try {
  const page = await browser.newPage();
  for (const entry of pages) {
    if (entry.keepStorage) await signIn(page);
    results.push({ ...entry, lhr: await measure(page, entry.path, entry) });
  }
} finally {
  await browser.disconnect();
  chrome.kill();
}

console.log(`Lighthouse ${results[0].lhr.lighthouseVersion}, mobile preset (simulated slow 4G, 4x CPU), ${results[0].lhr.environment.hostUserAgent.match(/Chrome\/[\d.]+/)?.[0] ?? ''}\n`);
for (const { name, path, lhr } of results) {
  const scores = CATEGORIES.map((id) => `${id === 'seo' ? 'SEO' : id} ${score(lhr, id).padStart(3)}`).join('  ');
  console.log(`  ${name.padEnd(8)} ${scores}   FCP ${seconds(lhr, 'first-contentful-paint')}  LCP ${seconds(lhr, 'largest-contentful-paint')}   ${path}`);
}
for (const { name, lhr } of results) {
  const failures = bestPracticeFailures(lhr);
  if (failures.length === 0) continue;
  console.log(`\n  ${name}: best-practice audits not passed`);
  for (const failure of failures) {
    console.log(`    - ${failure.title}`);
    for (const item of failure.items) console.log(`        ${item}`);
  }
}

const landing = results[0].lhr;
const perf = Math.round(landing.categories.performance.score * 100);
const lcp = landing.audits['largest-contentful-paint'].numericValue;
const met = perf >= LANDING_TARGET.performance && lcp <= LANDING_TARGET.lcpMs;
console.log(
  `\nLanding target (performance ≥ ${LANDING_TARGET.performance}, LCP ≤ ${(LANDING_TARGET.lcpMs / 1000).toFixed(1)} s): ${met ? 'OK' : 'MISSED'} (${perf}, ${(lcp / 1000).toFixed(2)} s)`,
);
if (!met) process.exitCode = 1;
