#!/usr/bin/env node
/**
 * Screenshots of real reports as a host sees them (scripts/look-real.sh starts the stack and
 * seeds the reports): signs in through the login form, then for each width takes the dashboard
 * and every report page (/payment-success?session_id=ID) as full-page PNGs, after scrolling to
 * the bottom so the sections loaded as the host scrolls are drawn. It also prints, per page,
 * anything wider than the window (a layout break on a phone).
 *
 *   node frontend/scripts/look-real.mjs SPEC.json
 *
 * SPEC.json: { "baseURL", "email", "password", "out", "reports": [{ "name", "id" }] }
 * Writes OUT/<width>-dashboard.png and OUT/<width>-<name>-report.png, and the same pages cut
 * into screen-high tiles, readable in any image viewer, as OUT/tiles/<width>-<page>-NN.png.
 */
/* global document, window -- the page.evaluate callbacks run in the page */
import { mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { chromium } from '@playwright/test';

const spec = JSON.parse(readFileSync(process.argv[2] ?? '', 'utf8'));
const WIDTHS = [
  { width: 1366, height: 900, mobile: false },
  { width: 375, height: 812, mobile: true },
];

/** Scrolls down until the page stops growing, so every lazily loaded section is on it. */
async function scrollThrough(page) {
  let last = -1;
  for (let round = 0; round < 40; round++) {
    const height = await page.evaluate(() => document.documentElement.scrollHeight);
    for (let y = 0; y <= height; y += 400) {
      await page.evaluate((top) => window.scrollTo(0, top), y);
      await page.waitForTimeout(60);
    }
    await page.waitForLoadState('networkidle').catch(() => {});
    await page.waitForTimeout(400);
    const now = await page.evaluate(() => document.documentElement.scrollHeight);
    if (now === last && now === height) break;
    last = now;
  }
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.waitForTimeout(300);
}

/** Elements wider than the window, named by tag, test id or classes and their first words. */
async function overflow(page) {
  return page.evaluate(() => {
    const limit = document.documentElement.clientWidth;
    const found = [];
    for (const el of document.querySelectorAll('body *')) {
      const box = el.getBoundingClientRect();
      if (box.width === 0 || box.right <= limit + 1) continue;
      // Only the outermost offender of each branch: its children overflow with it.
      if (el.parentElement && el.parentElement.getBoundingClientRect().right > limit + 1) continue;
      const name = el.getAttribute('data-testid') ?? `${el.tagName.toLowerCase()}.${[...el.classList].slice(0, 3).join('.')}`;
      found.push(`${name} right=${Math.round(box.right)}px "${(el.textContent ?? '').trim().replace(/\s+/g, ' ').slice(0, 60)}"`);
    }
    return { scrollWidth: document.documentElement.scrollWidth, clientWidth: limit, found: found.slice(0, 12) };
  });
}

async function logIn(page) {
  await page.goto(new URL('/login', spec.baseURL).href);
  await page.getByLabel('Email').fill(spec.email);
  await page.getByLabel('Password', { exact: true }).fill(spec.password);
  await page.getByRole('button', { name: 'Log in', exact: true }).click();
  await page.waitForURL((url) => url.pathname === '/', { timeout: 30_000 });
  // Signed in once the sign-in has been traded for the session cookie (token sync), with
  // which the server draws a report for its owner. (On a phone, Logout is behind the menu.)
  for (let i = 0; !(await page.context().cookies()).some((c) => c.name === '__session'); i++) {
    if (i === 120) throw new Error('no session cookie 30 s after signing in');
    await page.waitForTimeout(250);
  }
}

async function shoot(page, path, file, ready) {
  await page.goto(new URL(path, spec.baseURL).href);
  await ready(page);
  await scrollThrough(page);
  await page.screenshot({ path: file, fullPage: true });
  const { width, height } = page.viewportSize();
  const tall = await page.evaluate(() => document.documentElement.scrollHeight);
  const tile = Math.round(height * 1.5);
  const base = join(spec.out, 'tiles', file.split('/').pop().replace(/\.png$/, ''));
  for (let y = 0, i = 1; y < tall; y += tile, i++) {
    const clip = { x: 0, y, width, height: Math.min(tile, tall - y) };
    await page.screenshot({ path: `${base}-${String(i).padStart(2, '0')}.png`, clip, fullPage: true });
  }
  const o = await overflow(page);
  const wide = o.scrollWidth > o.clientWidth;
  console.log(`${file}${wide ? `  WIDER THAN THE WINDOW: ${o.scrollWidth}px > ${o.clientWidth}px` : ''}`);
  for (const line of o.found) console.log(`    overflows: ${line}`);
}

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--no-first-run'],
});
const errors = [];
mkdirSync(join(spec.out, 'tiles'), { recursive: true });
try {
  for (const w of WIDTHS) {
    const context = await browser.newContext({
      viewport: { width: w.width, height: w.height },
      deviceScaleFactor: 1,
      isMobile: w.mobile,
      hasTouch: w.mobile,
      reducedMotion: 'reduce',
      baseURL: spec.baseURL,
    });
    // Nothing may leave this machine: fonts, Google's helpers and the like are refused at once.
    const base = new URL(spec.baseURL);
    await context.route(
      (url) => url.host !== base.host && !url.host.startsWith('127.0.0.1') && !url.host.startsWith('localhost'),
      (route) => route.abort(),
    );
    const page = await context.newPage();
    page.on('pageerror', (error) => errors.push(`${w.width}px ${page.url()}: ${error.message}`));
    await logIn(page);

    await shoot(page, '/dashboard', join(spec.out, `${w.width}-dashboard.png`), async (p) => {
      await p.getByText(spec.reports[0].title, { exact: false }).first().waitFor({ timeout: 30_000 });
    });
    for (const r of spec.reports) {
      await shoot(page, `/payment-success?session_id=${encodeURIComponent(r.id)}`, join(spec.out, `${w.width}-${r.name}-report.png`), async (p) => {
        await p.getByTestId('overall-score').waitFor({ timeout: 30_000 });
      });
    }
    await context.close();
  }
} finally {
  await browser.close();
}
for (const e of errors) console.log(`page error: ${e}`);
