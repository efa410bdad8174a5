/**
 * Reading the listing as the URL is typed (SPEC §4 "Optimize form", §5, §8; issue 4),
 * against the real server: POST /api/scrape after a 1 s debounce, prefill on success,
 * clear and show the message on failure, submit blocked while scraping.
 *
 * E2E_FIXTURE_LISTING_URL names a listing the e2e server can read (its build sends listing
 * fetches to a local fixture site; scripts/test.sh sets it). The success test fails without
 * it; the others then use an Airbnb-shaped URL, which the server may answer with an error.
 *
 * The server rate-limits /api/scrape per client (a burst of 6, then 20 a minute), and every
 * test here comes from 127.0.0.1: each test makes as few reads as it can.
 */
import { expect, test, type Locator, type Page, type Request } from '@playwright/test';
import { trackErrors } from './support/stack';

const FIXTURE_URL = process.env.E2E_FIXTURE_LISTING_URL ?? '';
/** A supported URL: the fixture when there is one, else one the server answers with an error. */
const SUPPORTED_URL = FIXTURE_URL || 'https://www.airbnb.com/rooms/987654321';
/** A URL that qualifies for scraping (≥ 10 characters, parses) but no supported site. */
const UNSUPPORTED_URL = 'https://example.com/rooms/1';
const SCRAPING_STATUS = 'Reading your listing…';

interface ScrapeBody {
  success: boolean;
  error: string;
  title?: string;
  description?: string;
}

/** The page's window with the time of the last input event (set by the debounce test). */
type KeystrokeClock = Window & { lastInputAt?: number };

function isScrape(request: Request): boolean {
  return request.method() === 'POST' && new URL(request.url()).pathname === '/api/scrape';
}

/** Records every POST /api/scrape the page sends, with the time it was seen and the URL asked for. */
function recordScrapes(page: Page): { at: number; url: string }[] {
  const seen: { at: number; url: string }[] = [];
  page.on('request', (request) => {
    if (!isScrape(request)) return;
    const body = request.postDataJSON() as { url?: unknown } | null;
    seen.push({ at: Date.now(), url: typeof body?.url === 'string' ? body.url : '' });
  });
  return seen;
}

function form(page: Page) {
  const root = page.locator('#optimize form');
  return {
    url: root.getByLabel('Listing URL'),
    email: root.getByLabel('Email'),
    title: root.getByLabel('Listing title'),
    description: root.getByLabel('Listing description'),
    submit: root.getByRole('button', { name: 'Optimize My Listing' }),
    status: root.getByRole('status'),
    alert: root.getByRole('alert'),
  };
}

async function openForm(page: Page) {
  await page.goto('/#optimize');
  await expect(form(page).url).toBeVisible();
}

/** Types `text` one character at a time, as a person would. */
async function typeInto(field: Locator, text: string, delay = 40) {
  await field.click();
  await field.pressSequentially(text, { delay });
}

test.describe('optimize form: reading the listing', () => {
  test('typing a URL sends exactly one scrape, 1000 ms after the last keystroke', async ({ page }) => {
    const scrapes = recordScrapes(page);
    await page.clock.install();
    await openForm(page);
    // Stop the page's clock: from here its timers move only when the test says.
    const now = await page.evaluate(() => Date.now());
    await page.clock.pauseAt(now + 1000);

    const { url } = form(page);
    await url.click();
    for (const character of SUPPORTED_URL) {
      await page.keyboard.type(character);
      await page.clock.runFor(150); // a keystroke every 150 ms: each one restarts the debounce
    }
    await expect(url).toHaveValue(SUPPORTED_URL);
    expect(scrapes, 'no scrape while typing').toHaveLength(0);

    // 150 ms already passed since the last keystroke; 999 ms in all is still too early.
    await page.clock.runFor(849);
    await page.waitForTimeout(300); // real time, for a request that should not come
    expect(scrapes, 'no scrape 999 ms after the last keystroke').toHaveLength(0);

    const answer = page.waitForResponse((response) => isScrape(response.request()));
    await page.clock.runFor(1);
    await expect.poll(() => scrapes.length, { message: 'one scrape 1000 ms after the last keystroke' }).toBe(1);
    expect(scrapes[0]?.url).toBe(SUPPORTED_URL);
    await answer;

    // Nothing else is sent, however long the page waits.
    await expect(form(page).status).not.toHaveText(SCRAPING_STATUS);
    await page.clock.runFor(10_000);
    await page.waitForTimeout(300);
    expect(scrapes).toHaveLength(1);
  });

  for (const path of ['/', '/?package=premium']) {
    test(`a URL pasted (and Premium chosen) on ${path} before the app has run is read once it runs`, async ({ page }) => {
      // The landing page is drawn at build time and can be typed into before its JavaScript
      // runs (a slow phone): on "/" the app hydrates it, on "/?package=premium" it renders the
      // form afresh. Either way the pasted link must be read, not shown and forgotten.
      let release: () => void = () => undefined;
      const released = new Promise<void>((resolve) => {
        release = resolve;
      });
      await page.route(/\/assets\/.*\.js$/, async (route) => {
        await released;
        await route.continue();
      });
      const scrapes = recordScrapes(page);
      await page.goto(`${path}#optimize`, { waitUntil: 'commit' });
      const { url, title } = form(page);
      const premium = page.locator('#optimize form').getByRole('radio', { name: /Premium/ });
      if (path === '/') await premium.check(); // on "/?package=premium" it is the link's choice
      await url.fill(SUPPORTED_URL); // into the page drawn at build time
      await expect(url).toHaveValue(SUPPORTED_URL);
      expect(scrapes).toHaveLength(0);

      release();
      await expect.poll(() => scrapes.map((scrape) => scrape.url), { message: 'the pasted link is read once the app runs' }).toEqual([SUPPORTED_URL]);
      await expect(url).toHaveValue(SUPPORTED_URL);
      await expect(premium).toBeChecked();
      if (FIXTURE_URL) {
        await expect(title).not.toHaveValue('');
        // The plan chosen before the app ran is the form's: what Premium adds is named.
        await expect(page.getByTestId('coverage-line')).toContainText('with market analytics from');
      }
    });
  }

  test('typing the fixture listing URL prefills title and description from the server’s answer', async ({ page }) => {
    if (!FIXTURE_URL) {
      throw new Error(
        'E2E_FIXTURE_LISTING_URL is not set: it must name a listing the e2e server can read (scripts/test.sh sets it, ' +
          'e.g. https://www.airbnb.com/rooms/48123456 served by backend/cmd/fixturesite).',
      );
    }
    const errors = trackErrors(page);
    const scrapes = recordScrapes(page);
    await openForm(page);
    const fields = form(page);

    // The page notes when each keystroke reached the field: the time typeInto returns can
    // lag the last keystroke on a busy machine.
    await page.evaluate(() => {
      document.addEventListener('input', () => ((window as KeystrokeClock).lastInputAt = Date.now()), true);
    });
    const answer = page.waitForResponse((response) => isScrape(response.request()));
    await typeInto(fields.url, FIXTURE_URL);
    const response = await answer;
    const typedAt = await page.evaluate(() => (window as KeystrokeClock).lastInputAt ?? 0);

    // Real time: not before ~1 s after the last keystroke, and clearly under 2 s. The exact
    // 1000 ms is checked with fake timers in use-listing-scrape.test.tsx; here the request
    // is seen from the test process, which lags the page on a loaded 2-core CI machine
    // (1552 ms was seen once), so the upper bound only rules out a longer debounce.
    expect(scrapes).toHaveLength(1);
    const delay = (scrapes[0]?.at ?? 0) - typedAt;
    expect(delay, 'the scrape waits for the 1 s debounce').toBeGreaterThanOrEqual(900);
    expect(delay, 'the scrape starts soon after the debounce').toBeLessThan(2000);

    expect(response.status()).toBe(200);
    const body = (await response.json()) as ScrapeBody;
    expect(body.success).toBe(true);
    const title = body.title ?? '';
    const description = body.description ?? '';
    expect(title.trim(), 'the fixture listing has a title').not.toBe('');
    expect(description.trim(), 'the fixture listing has a description').not.toBe('');

    await expect(fields.title).toHaveValue(title);
    await expect(fields.description).toHaveValue(description);
    await expect(fields.status).toContainText('Read:');
    await expect(fields.alert).toHaveCount(0);
    await expect(fields.submit).toBeEnabled();

    // A later URL that fails clears what the read filled in.
    const failure = page.waitForResponse((r) => isScrape(r.request()));
    await fields.url.fill(UNSUPPORTED_URL);
    const failed = (await (await failure).json()) as ScrapeBody;
    await expect(fields.alert).toHaveText(failed.error);
    await expect(fields.title).toHaveValue('');
    await expect(fields.description).toHaveValue('');
    expect(scrapes).toHaveLength(2);
    // The browser logs the 400 answer itself; nothing else may go wrong.
    expect(errors.filter((e) => !/Failed to load resource: .*status of 400/.test(e))).toEqual([]);
  });

  test('an unsupported URL shows the server’s message and clears title and description', async ({ page }) => {
    await openForm(page);
    const fields = form(page);
    await fields.title.fill('A title I typed');
    await fields.description.fill('A description I typed');

    const answer = page.waitForResponse((response) => isScrape(response.request()));
    await typeInto(fields.url, UNSUPPORTED_URL, 10);
    const response = await answer;
    expect(response.status()).toBe(400);
    const body = (await response.json()) as ScrapeBody;
    expect(body.success).toBe(false);
    expect(body.error).toMatch(/^Unsupported listing URL/);

    await expect(fields.alert).toHaveText(body.error);
    await expect(fields.title).toHaveValue('');
    await expect(fields.description).toHaveValue('');
    const alertId = await fields.alert.getAttribute('id');
    expect(alertId).toBeTruthy();
    expect((await fields.url.getAttribute('aria-describedby'))?.split(' ')).toContain(alertId);
    // Nothing is charged for a link that is no listing we can read: Submit waits for a new URL.
    await expect(fields.submit).toBeDisabled();
    await expect(fields.submit).toHaveAccessibleDescription(
      'Check the listing link above: we take payment only for a listing we can read.',
    );

    // Editing the URL takes the message away and lets the host try again.
    await fields.url.press('End');
    await fields.url.press('Backspace');
    await expect(fields.alert).toHaveCount(0);
    await expect(fields.submit).toBeEnabled();
  });

  test('submit is disabled while scraping and enabled again when the answer arrives', async ({ page }) => {
    // Hold the real server's answer for 2 s.
    let answered = 0;
    await page.route('**/api/scrape', async (route) => {
      const response = await route.fetch();
      await new Promise((resolve) => setTimeout(resolve, 2000));
      await route.fulfill({ response });
      answered += 1;
    });
    await openForm(page);
    const fields = form(page);
    await fields.email.fill('host@example.com');
    await typeInto(fields.url, SUPPORTED_URL, 10);
    await expect(fields.submit).toBeEnabled(); // the debounce has not run out yet

    await expect(fields.status).toHaveText(SCRAPING_STATUS);
    await expect(fields.submit).toBeDisabled();
    await expect(fields.submit).toHaveAttribute('aria-busy', 'true');
    await expect(fields.title).toHaveAttribute('readonly', '');
    expect(answered).toBe(0);

    await expect(fields.submit).toBeEnabled({ timeout: 10_000 });
    expect(answered).toBe(1);
    await expect(fields.submit).not.toHaveAttribute('aria-busy');
    await expect(fields.status).not.toHaveText(SCRAPING_STATUS);
    await expect(fields.title).not.toHaveAttribute('readonly');
  });
});
