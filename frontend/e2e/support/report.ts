/**
 * The /payment-success results screen (SPEC §2 "Results screen", §3, §9), checked against
 * the report the page itself received from GET /api/get-optimization-result/{session_id}:
 * every figure on the screen must be the report's.
 */
import { expect, type Locator, type Page, type Response } from '@playwright/test';

/** The fields of SPEC §3 "Backend optimization result" the screen shows. */
export interface Report {
  package_type: string;
  original_title?: string;
  title?: string;
  title_suggestions: string[];
  optimized_title?: string;
  optimized_description?: string;
  guest_rating?: number | null;
  competitive_scores?: { market_positioning?: number | null; amenity_score?: number | null; visual_score?: number | null; experience_score?: number | null };
  revenue_projections?: { revenue_impact?: number; headline?: string; basis?: string; needs?: string; monthly_high?: number };
  task_priorities?: Partial<Record<PriorityKey, string>>;
  task_order?: PriorityKey[];
  overall_score?: number | null;
  overall_band?: string;
  section_scores?: Record<string, number | null>;
  actions?: { finding: string; action?: string; priority: string }[];
  suggested_amenities?: string;
  performance_insights?: {
    revenue_insights?: string[];
    strategic_recommendations?: string[];
    word_count?: { original?: number; optimized?: number };
    seo_keywords?: string[];
  };
  description_analysis?: { keywords?: { keyword: string }[] };
  review_summary?: string;
  image_urls?: string[];
  pdf_download_url?: string | null;
  market_analysis_data?: { available?: boolean; source?: string; comparables?: number; list?: { title: string; url: string }[] } | null;
  listing?: { where: string; facts: { key: string; label: string; status: string; value: string }[] | null } | null;
}

type PriorityKey = 'title_priority' | 'pricing_priority' | 'photo_priority' | 'experience_priority' | 'booking_priority';

function isResultCall(response: Response, sessionId?: string): boolean {
  const path = new URL(response.url()).pathname;
  const prefix = '/api/get-optimization-result/';
  if (!path.startsWith(prefix)) return false;
  return sessionId === undefined || decodeURIComponent(path.slice(prefix.length)) === sessionId;
}

/**
 * The completed result answer a report page came drawn with (the server embeds it for the
 * report's signed-in owner: backend httpapi/reportpage.go), or null for any other answer.
 */
async function drawnAnswer(response: Response, sessionId?: string): Promise<unknown> {
  if (response.request().resourceType() !== 'document' || new URL(response.url()).pathname !== '/payment-success') return null;
  const html = await response.text().catch(() => '');
  const script = /<script type="application\/json" id="ll-result" data-session="([^"]*)" data-uid="[^"]*">([^]*?)<\/script>/.exec(html);
  if (!script || (sessionId !== undefined && script[1] !== sessionId)) return null;
  return JSON.parse(script[2] ?? 'null') as unknown;
}

/**
 * Waits for the page to receive a completed report (for `sessionId` when given) and
 * returns it: from GET /api/get-optimization-result, or drawn into the page itself when its
 * owner opens a finished report. Start waiting before the page is opened.
 */
export async function completedReport(page: Page, sessionId?: string, timeout = 30_000): Promise<Report> {
  let answer: unknown = null;
  await page.waitForResponse(
    async (candidate) => {
      try {
        const body: unknown = isResultCall(candidate, sessionId) && candidate.ok() ? await candidate.json() : await drawnAnswer(candidate, sessionId);
        if ((body as { status?: unknown } | null)?.status !== 'completed') return false;
        answer = body;
        return true;
      } catch {
        return false;
      }
    },
    { timeout },
  );
  return (answer as { data: Report }).data;
}

/** The plan as the screen names it: "premium" → "Premium". */
export function planName(packageType: string): string {
  return packageType.charAt(0).toUpperCase() + packageType.slice(1).toLowerCase();
}

/**
 * Names the hue of a computed background colour. Chromium reports Tailwind 4's colours
 * as lab() or oklch(); hue = atan2(b, a), and a small chroma is grey.
 */
export function tone(color: string): string {
  const lab = /^lab\(\s*[\d.]+%?\s+(-?[\d.]+)\s+(-?[\d.]+)/.exec(color);
  const oklch = /^oklch\(\s*[\d.]+%?\s+([\d.]+)\s+([\d.]+)/.exec(color);
  let chroma: number;
  let hue: number;
  if (lab) {
    const a = Number(lab[1]);
    const b = Number(lab[2]);
    chroma = Math.hypot(a, b) / 100;
    hue = ((Math.atan2(b, a) * 180) / Math.PI + 360) % 360;
  } else if (oklch) {
    chroma = Number(oklch[1]);
    hue = Number(oklch[2]);
  } else {
    return color;
  }
  if (chroma < 0.03) return 'grey';
  if (hue >= 120 && hue <= 200) return 'green';
  if (hue >= 60 && hue < 120) return 'yellow';
  if (hue < 50 || hue > 330) return 'red';
  return color;
}

/** SPEC §2: HIGH red, MEDIUM yellow, anything else green; an area not assessed grey. */
function expectedTone(priority: string): string {
  if (priority === 'NOT ASSESSED') return 'grey';
  return priority === 'HIGH' ? 'red' : priority === 'MEDIUM' ? 'yellow' : 'green';
}

async function expectBadge(badge: Locator, priority: string) {
  await expect(badge).toHaveText(`Priority: ${priority}`);
  await expect(badge).toHaveAttribute('data-tone', expectedTone(priority));
  const background = await badge.evaluate((el) => getComputedStyle(el).backgroundColor);
  expect(tone(background), `${priority} badge background ${background}`).toBe(expectedTone(priority));
}

const nonBlank = (text: string | undefined | null) => (text ?? '').trim();

/** SPEC §2 "Results screen": what every plan shows. */
export async function expectReportCommon(page: Page, report: Report) {
  const main = page.getByRole('main');
  await expect(main.getByRole('heading', { level: 1 })).toHaveText(`Your ${planName(report.package_type)} listing optimization is ready`);

  // The three cards: guest rating (4.2 when the report has none), the AI optimization score
  // (market positioning out of 100) and the revenue potential (+revenue_impact %).
  const rating = report.guest_rating ?? 4.2;
  await expect(page.getByTestId('card-guest-rating')).toContainText('Guest rating');
  await expect(page.getByTestId('card-guest-rating-value')).toHaveText(rating.toLocaleString('en-US', { maximumFractionDigits: 2 }));
  // SPEC's second card is the listing score under its one name: the ring's number (issue 26).
  const score = report.overall_score;
  expect(report.competitive_scores?.market_positioning ?? null, 'market positioning is the listing score').toEqual(score ?? null);
  await expect(page.getByTestId('card-optimization-score')).toContainText('Listing score');
  await expect(page.getByTestId('card-optimization-score-value')).toHaveText(typeof score === 'number' ? `${score}/100` : 'Not assessed');
  if (typeof score === 'number') await expect(page.getByTestId('overall-score-value')).toHaveText(String(score));
  // The revenue card: money a month with its basis, or "Not estimated" with what it needs — never a percentage.
  const revenue = report.revenue_projections;
  await expect(page.getByTestId('card-revenue-potential')).toContainText('Revenue potential');
  const money = (revenue?.monthly_high ?? 0) > 0;
  await expect(page.getByTestId('card-revenue-potential-value')).toHaveText(money ? (revenue?.headline ?? '') : 'Not estimated');
  await expect(page.getByTestId('card-revenue-potential')).toContainText((money ? revenue?.basis : revenue?.needs) ?? '');

  // The listing score leads: the ring with the report's score and band, every section score.
  const overall = page.getByTestId('overall-score');
  expect(report.overall_score, 'the report has an overall score').toEqual(expect.any(Number));
  await expect(overall.getByTestId('overall-score-value')).toHaveText(String(report.overall_score));
  await expect(overall.getByTestId('overall-band')).toHaveText(report.overall_band ?? '');
  for (const [key, value] of Object.entries(report.section_scores ?? {})) {
    await expect(overall.getByTestId(`section-${key}`)).toContainText(value === null ? 'Not assessed' : `${value}/100`);
  }
  // "Do these first": the report's first actions, in its order.
  const first = page.getByTestId('do-first-action');
  await expect(first).toHaveCount(Math.min(3, report.actions?.length ?? 0));
  for (const [index, action] of (report.actions ?? []).slice(0, 3).entries()) {
    await expect(first.nth(index)).toContainText(action.finding);
  }

  // "Top 5 Immediate Actions": the first five of the same ranked list (its first three are
  // "Do these first"), each with its priority badge; fewer actions, fewer rows, never a filler.
  const actions = page.getByTestId('immediate-actions');
  await expect(actions.getByRole('heading', { level: 2 })).toHaveText('Top 5 Immediate Actions');
  const top = actions.getByTestId('top-action');
  const ranked = (report.actions ?? []).slice(0, 5);
  await expect(top).toHaveCount(ranked.length);
  for (const [index, action] of ranked.entries()) {
    await expect(top.nth(index)).toContainText(action.finding);
    await expectBadge(top.nth(index).getByTestId('priority-badge'), action.priority);
  }

  // 1. Title: the current title; the server's optimized title (offered only for a title with
  // something to fix) with the next ones as additional options, else the suggestions as
  // alternatives (the top 3 in all, SPEC §9).
  const suggestions = report.title_suggestions.map((title) => title.trim()).filter(Boolean);
  expect(suggestions.length, 'the report has title suggestions').toBeGreaterThan(0);
  await expect(page.getByTestId('title-current')).toContainText(nonBlank(report.original_title) || nonBlank(report.title));
  const optimized = nonBlank(report.optimized_title);
  if (optimized) {
    await expect(page.getByTestId('title-optimized')).toContainText(optimized);
    const additional = page.getByTestId('title-additional').getByRole('listitem');
    const others = suggestions.filter((title) => title !== optimized);
    await expect(additional).toHaveCount(Math.min(2, others.length));
    for (const [index, title] of others.slice(0, 2).entries()) {
      await expect(additional.nth(index)).toContainText(title);
    }
  } else {
    await expect(page.getByTestId('title-optimized')).toHaveCount(0);
    const alternatives = page.getByTestId('title-alternatives').getByRole('listitem');
    await expect(alternatives).toHaveCount(Math.min(3, suggestions.length));
  }

  // AI-suggested amenities: the report's lines, at most 5.
  const lines = nonBlank(report.suggested_amenities)
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean);
  const amenities = page.getByTestId('suggested-amenities');
  await expect(amenities.getByRole('heading', { level: 2 })).toHaveText('Suggested Amenities');
  expect(lines.length, 'the report suggests amenities').toBeGreaterThan(0);
  await expect(amenities.getByTestId('suggested-amenity')).toHaveCount(Math.min(5, lines.length));
  for (const [index, line] of lines.slice(0, 5).entries()) {
    await expect(amenities.getByTestId('suggested-amenity').nth(index)).toContainText(line.split(':')[0] ?? line);
  }

  // What we read from the page (issue 42), on every plan: the facts the report rests on, each
  // with its value as read, just before the data sources.
  const read = page.getByTestId('listing-read');
  await expect(read.getByRole('heading', { level: 2 })).toHaveText('What we read from your page');
  const titleFact = (report.listing?.facts ?? []).find((fact) => fact.key === 'title');
  expect(titleFact?.status, 'the report read the listing title').toBe('read');
  await expect(read.getByTestId('read-fact-title').getByRole('term')).toHaveText(titleFact?.label ?? '');
  await expect(read.getByTestId('read-fact-title').getByRole('definition')).toContainText(titleFact?.value ?? '');
  for (const fact of report.listing?.facts ?? []) {
    if (fact.status === 'not_read') await expect(read.getByTestId(`read-fact-${fact.key}`)).toHaveText(`${fact.label}Not read`);
  }
  await expect(page.getByTestId('data-sources')).toBeVisible();

  // Next steps.
  const next = page.getByRole('navigation', { name: 'Next steps' });
  await expect(next.getByRole('link', { name: 'Optimize Another Listing' })).toHaveAttribute('href', '/');
  await expect(next.getByRole('link', { name: 'View Dashboard' })).toHaveAttribute('href', '/dashboard');
}

/** SPEC §2 for Basic: no Premium parts, and the PDF is Premium's. */
export async function expectBasicReport(page: Page, report: Report) {
  expect(report.package_type).toBe('basic');
  await expectReportCommon(page, report);
  await expect(page.getByTestId('premium-badge')).toHaveCount(0);
  await expect(page.getByTestId('market-analysis')).toHaveCount(0);
  await expect(page.getByTestId('content-optimization')).toHaveCount(0);
  await expect(page.getByTestId('pdf-message')).toHaveText('PDF Available with Premium Package');
  await expect(page.getByRole('link', { name: 'Download PDF Report' })).toHaveCount(0);
  // The optimized description, before and after, on the Basic report too.
  const description = page.getByTestId('description-rewrite');
  await expect(description.getByRole('heading', { level: 2 })).toHaveText('Your description');
  expect(nonBlank(report.optimized_description), 'the report has an optimized description').not.toBe('');
  expect(await description.getByTestId('optimized-description').textContent()).toBe(nonBlank(report.optimized_description));
}

/**
 * The copy buttons put the exact text on the clipboard: the optimized title and the
 * description (the context must grant clipboard-read and clipboard-write).
 */
export async function expectCopyButtons(page: Page, report: Report) {
  // The optimized title, or the first alternative when the server offers none.
  const optimized = nonBlank(report.optimized_title);
  const title = optimized || nonBlank(report.title_suggestions[0]);
  const box = page.getByTestId(optimized ? 'title-optimized' : 'title-alternatives');
  await box.getByRole('button', { name: `Copy title: ${title}` }).click();
  await expect(box.getByRole('button', { name: 'Copied' })).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(title);
  await page.getByRole('button', { name: 'Copy the new description' }).click();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(nonBlank(report.optimized_description));
}

/**
 * The market figures, when market data covers the listing: where they come from and the
 * comparables themselves, nearest first, each linking to its own page.
 */
async function expectMarketData(market: Locator, report: Report) {
  const data = report.market_analysis_data;
  if (!data?.available) return;
  const snapshot = market.getByTestId('market-snapshot');
  await expect(snapshot).toHaveAttribute('data-source', data.source ?? '');
  if (data.source === 'live') {
    await expect(market.getByTestId('market-source')).toContainText('Live: nearby listings in Airbnb’s search on');
    await expect(snapshot).not.toContainText('Inside Airbnb');
  }
  const list = data.list ?? [];
  expect(list.length, 'the report lists its comparables').toBeGreaterThan(0);
  await market.getByTestId('comparables-list').locator('summary').click();
  const rows = market.getByTestId('comparable-row');
  await expect(rows).toHaveCount(list.length);
  const first = list[0];
  if (first) await expect(rows.first().getByRole('link', { name: first.title })).toHaveAttribute('href', first.url);
}

/** SPEC §2 for Premium: the badge, Market Analysis, Content & Visual Optimization and the PDF. */
export async function expectPremiumReport(page: Page, report: Report) {
  expect(report.package_type).toBe('premium');
  await expectReportCommon(page, report);
  await expect(page.getByTestId('premium-badge')).toHaveText('Premium');

  // Market Analysis: four score bars, revenue insights, strategic recommendations (top 3).
  const market = page.getByTestId('market-analysis');
  await expect(market.getByRole('heading', { level: 2 })).toHaveText('Market Analysis');
  const scores = report.competitive_scores ?? {};
  const bars = market.getByTestId('score-bar');
  // Each bar is a score shown above under the same name: the listing score and three sections.
  const expectedBars: [string, number | null | undefined][] = [
    ['Listing score', scores.market_positioning],
    ['Amenities', scores.amenity_score],
    ['Photos', scores.visual_score],
    ['Reviews', scores.experience_score],
  ];
  await expect(bars).toHaveCount(expectedBars.length);
  for (const [index, [label, value]] of expectedBars.entries()) {
    if (typeof value !== 'number') {
      await expect(bars.nth(index)).toContainText(`${label}Not assessed`);
      continue;
    }
    const shown = Math.round(value);
    await expect(bars.nth(index)).toContainText(label);
    await expect(bars.nth(index)).toContainText(`${shown}/100`);
    // The bar is as long as the score.
    const fill = bars.nth(index).locator('[style]');
    await expect(fill).toHaveAttribute('style', `width: ${shown}%;`);
  }
  await expectMarketData(market, report);
  const insights = report.performance_insights?.revenue_insights ?? [];
  expect(insights.length, 'the report has revenue insights').toBeGreaterThan(0);
  await expect(market.getByRole('heading', { name: 'Revenue insights' })).toBeVisible();
  await expect(market.getByTestId('revenue-insights').getByRole('listitem')).toHaveText(insights);
  const recommendations = (report.performance_insights?.strategic_recommendations ?? []).slice(0, 3);
  expect(recommendations.length, 'the report has strategic recommendations').toBeGreaterThan(0);
  await expect(market.getByRole('heading', { name: 'Strategic recommendations' })).toBeVisible();
  await expect(market.getByTestId('strategic-recommendations').getByRole('listitem')).toHaveText(recommendations);

  // Content & Visual Optimization: word counts, the description, photos, keywords, reviews.
  const content = page.getByTestId('content-optimization');
  await expect(content.getByRole('heading', { level: 2 })).toHaveText('Content & Visual Optimization');
  const words = report.performance_insights?.word_count ?? {};
  expect(words.original, 'the report counts the original words').toEqual(expect.any(Number));
  expect(words.optimized, 'the report counts the optimized words').toEqual(expect.any(Number));
  await expect(content.getByTestId('word-count')).toContainText(`${words.original ?? ''} → ${words.optimized ?? ''} words`);
  await expect(content.getByRole('heading', { name: 'Description enhancement' })).toBeVisible();
  await expect(content.getByTestId('optimized-description')).toHaveText(nonBlank(report.optimized_description));
  const photos = report.image_urls?.length ?? 0;
  await expect(content.getByTestId('photo-count')).toContainText(photos === 1 ? '1 photo' : `${photos} photos`);
  const keywords = report.description_analysis?.keywords?.map((k) => k.keyword) ?? report.performance_insights?.seo_keywords ?? [];
  expect(keywords.length, 'the report has SEO keywords').toBeGreaterThan(0);
  await expect(content.getByRole('heading', { name: 'SEO keywords' })).toBeVisible();
  await expect(content.getByTestId('seo-keywords').getByRole('listitem')).toHaveCount(keywords.length);
  for (const [index, keyword] of keywords.entries()) {
    await expect(content.getByTestId('seo-keywords').getByRole('listitem').nth(index)).toContainText(keyword);
  }
  expect(nonBlank(report.review_summary), 'the report summarises the reviews').not.toBe('');
  await expect(content.getByTestId('review-sentiment')).toHaveText(nonBlank(report.review_summary));

  // The PDF: a download link when the report has one; otherwise the SPEC's failure message,
  // a support mail link.
  const pdf = nonBlank(report.pdf_download_url);
  if (pdf) {
    await expect(page.getByRole('link', { name: 'Download PDF Report' })).toHaveAttribute('href', new RegExp(`${escapeRegExp(pdf)}$`));
  } else {
    const message = page.getByTestId('pdf-message');
    await expect(message).toHaveText('PDF Generation Failed - Contact Support');
    await expect(message).toHaveAttribute('href', /^mailto:/);
  }
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
