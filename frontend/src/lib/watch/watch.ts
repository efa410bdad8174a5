/**
 * Watch (issue 45): a bought Premium report's weekly check of its listing and market. The
 * dashboard's listing card, the report page and the /watch page (an e-mail's link) read the
 * server's WatchBody through readWatch and say it in the words below, so each screen says a
 * watch's state, a week and a change the same way.
 */
import { ApiError, NETWORK_ERROR_MESSAGE, type ApiClient } from '@/lib/api-client';
import { formatDate, formatMoney } from '@/lib/format';
import {
  type WatchActionResponse,
  type WatchBandBody,
  type WatchBody,
  type WatchChangeBody,
  type WatchCheckBody,
  type WatchEndBody,
  type WatchLinkResponse,
  type WatchNoticeBody,
  type WatchStateBody,
} from '@/types/api';

export type Watch = WatchBody;
export type WatchCheck = WatchCheckBody;
export type WatchChange = WatchChangeBody;
/** What the host can ask of a watch from the dashboard or the report page. */
export type WatchAction = 'pause' | 'resume' | 'stop';
/** What an e-mail's link can ask (no sign-in): never resume, which needs the host. */
export type WatchLinkAction = 'pause' | 'stop';

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function str(value: unknown): string {
  return typeof value === 'string' ? value : '';
}

/** A finite number, or null: a figure the server did not send is never shown as 0. */
function figure(value: unknown): number | null {
  return typeof value === 'number' && Number.isFinite(value) ? value : null;
}

function count(value: unknown): number {
  return typeof value === 'number' && Number.isFinite(value) && value >= 0 ? Math.floor(value) : 0;
}

function oneOf<T extends string>(value: unknown, allowed: readonly T[], otherwise: T): T {
  return allowed.includes(value as T) ? (value as T) : otherwise;
}

const STATES: readonly WatchStateBody[] = ['active', 'paused', 'stopped', 'ended'];
const ENDS: readonly WatchEndBody[] = ['', 'completed', 'refunded', 'removed'];
const BANDS: readonly WatchBandBody[] = ['', 'bottom third', 'middle third', 'top third'];
const NOTICES: readonly WatchNoticeBody[] = ['', 'changes', 'unreadable', 'removed'];

function readChange(value: unknown): WatchChange | null {
  if (!isRecord(value) || str(value.what).trim() === '') return null;
  return { kind: str(value.kind), what: str(value.what), before: str(value.before), after: str(value.after) };
}

function readCheck(value: unknown): WatchCheck | null {
  if (!isRecord(value) || str(value.week) === '' || str(value.checkedAt) === '') return null;
  const changes = Array.isArray(value.changes) ? value.changes.map(readChange).filter((c): c is WatchChange => c !== null) : [];
  return {
    week: str(value.week),
    checkedAt: str(value.checkedAt),
    failed: str(value.failed),
    score: figure(value.score),
    price: figure(value.price),
    marketMedian: figure(value.marketMedian),
    currency: str(value.currency),
    comparables: count(value.comparables),
    band: oneOf(value.band, BANDS, ''),
    changes,
    notice: oneOf(value.notice, NOTICES, ''),
  };
}

/**
 * The server's WatchBody, or null when there is none or it is not one (no order id, or a state
 * this client does not know): a panel that guessed the state could offer a button that fails.
 */
export function readWatch(value: unknown): Watch | null {
  if (!isRecord(value) || str(value.of) === '' || !STATES.includes(value.state as WatchStateBody)) return null;
  const checks = Array.isArray(value.checks) ? value.checks.map(readCheck).filter((c): c is WatchCheck => c !== null) : [];
  const weeks = count(value.weeks);
  return {
    of: str(value.of),
    listingTitle: str(value.listingTitle),
    state: value.state as WatchStateBody,
    ended: oneOf(value.ended, ENDS, ''),
    weeks,
    used: count(value.used),
    left: count(value.left),
    startedAt: str(value.startedAt),
    nextCheckAt: str(value.nextCheckAt) || null,
    canResume: value.canResume === true,
    checks,
  };
}

/** "9 of 12 weeks left" (or "1 of 12 weeks left"). */
function weeksLeft(watch: Watch): string {
  return `${watch.left} of ${watch.weeks} ${watch.weeks === 1 ? 'week' : 'weeks'} left`;
}

/** The watch's state in a line, as the panel's heading says it, and what that state means. */
export interface WatchStatus {
  /** "Watching · 9 of 12 weeks left · next check December 7, 2026". */
  line: string;
  /** What the state means for the host, in a sentence. */
  meaning: string;
}

export function watchStatus(watch: Watch): WatchStatus {
  switch (watch.state) {
    case 'active':
      return {
        line: ['Watching', weeksLeft(watch), watch.nextCheckAt ? `next check ${formatDate(watch.nextCheckAt)}` : ''].filter(Boolean).join(' · '),
        meaning: 'We check your listing and its market once a week and e-mail you only when something changed.',
      };
    case 'paused':
      return {
        line: `Paused · ${weeksLeft(watch)}`,
        meaning: 'No checks and no e-mails until you resume. The weeks left wait for you.',
      };
    case 'stopped':
      return {
        line: `Stopped · ${weeksLeft(watch)}`,
        meaning: watch.canResume
          ? 'No more checks or e-mails. You can start the watch again while weeks are left.'
          : 'No more checks or e-mails.',
      };
    case 'ended':
      return { line: `Ended · ${endedWhy(watch.ended, watch.weeks)}`, meaning: endedMeaning(watch) };
  }
}

function endedWhy(ended: WatchEndBody, weeks: number): string {
  switch (ended) {
    case 'completed':
      return `all ${weeks} weeks checked`;
    case 'refunded':
      return 'the report was refunded';
    case 'removed':
      return 'your listing is no longer on its site';
    case '':
      return 'no more checks';
  }
}

function endedMeaning(watch: Watch): string {
  if (watch.ended === 'removed') {
    return watch.canResume
      ? 'If you list it again, start the watch again here: the weeks left are still yours.'
      : 'No more checks or e-mails.';
  }
  return 'No more checks or e-mails. The weeks checked stay here.';
}

/** The buttons a watch offers, in order: only what the server would accept now. */
export function watchActions(watch: Watch): WatchAction[] {
  if (watch.state === 'active') return ['pause', 'stop'];
  if (watch.state === 'paused') return watch.canResume ? ['resume', 'stop'] : ['stop'];
  return watch.canResume ? ['resume'] : [];
}

export const ACTION_LABEL: Record<WatchAction, string> = { pause: 'Pause', resume: 'Resume', stop: 'Stop' };

/** "$182 a night" in the week's currency (never a dollar sign for a currency not named). */
export function nightly(value: number, currency: string): string {
  return `${formatMoney(value, currency || undefined)} a night`;
}

/** The listing's price position in the week: "$182 a night · middle third of 14 comparables"; "" when there is none. */
export function pricePosition(check: WatchCheck): string {
  const parts: string[] = [];
  if (check.price !== null) parts.push(nightly(check.price, check.currency));
  if (check.band) {
    parts.push(check.comparables > 0 ? `${check.band} of ${check.comparables} ${check.comparables === 1 ? 'comparable' : 'comparables'}` : check.band);
  }
  return parts.join(' · ');
}

/** The comparables' median in the week: "$175 a night (14 comparables)"; "" when there is none. */
export function medianText(check: WatchCheck): string {
  if (check.marketMedian === null) return '';
  const of = check.comparables > 0 ? ` (${check.comparables} ${check.comparables === 1 ? 'comparable' : 'comparables'})` : '';
  return `${nightly(check.marketMedian, check.currency)}${of}`;
}

/**
 * What the week's row says when nothing is listed as changed: "checked December 7, 2026: no
 * change", or, for a week whose listing could not be read, why.
 */
export function weekSummary(check: WatchCheck): string {
  const on = `checked ${formatDate(check.checkedAt)}`;
  if (check.failed) return `${on}: we could not read your listing (${check.failed.replace(/[.\s]+$/, '')}). We try again next week.`;
  if (check.notice === 'removed') return `${on}: your listing is no longer on its site.`;
  if (check.changes.length === 0) return `${on}: no change`;
  return `${on}: ${check.changes.length} ${check.changes.length === 1 ? 'change' : 'changes'}`;
}

/** A change's evidence: "before → after", one side alone when the other is empty, "" when neither. */
export function changeEvidence(change: WatchChange): string {
  if (change.before && change.after) return `${change.before} → ${change.after}`;
  return change.after || change.before;
}

/** The weeks with both figures the chart needs, oldest first, in one currency (the newest week's). */
export function chartWeeks(watch: Watch): WatchCheck[] {
  const read = watch.checks.filter((c) => !c.failed && (c.price !== null || c.marketMedian !== null));
  const currency = read.at(-1)?.currency ?? '';
  // A listing's prices in two currencies cannot share an axis; the chart keeps the newest's.
  return read.filter((c) => c.currency === currency);
}

/** The message a refused or failed watch action shows: the server's own, or ours. */
export function watchErrorMessage(error: unknown): string {
  if (error instanceof ApiError) {
    if (error.serverMessage) return error.serverMessage;
    if (error.kind === 'network') return NETWORK_ERROR_MESSAGE;
  }
  return 'The watch could not be changed. Please try again.';
}

/** POST /api/optimizations/{id}/watch (signed in): the watch as it is after the action. */
export async function changeWatch(api: ApiClient, orderId: string, action: WatchAction): Promise<Watch> {
  const body = await api.post<Partial<WatchActionResponse>>(`/optimizations/${encodeURIComponent(orderId)}/watch`, { action });
  const watch = readWatch(body.watch);
  if (!watch) throw new Error('The watch could not be changed. Please try again.');
  return watch;
}

/** POST /api/watch (an e-mail's link, no sign-in): the state the watch is in now, and its listing's title. */
export async function followWatchLink(
  api: ApiClient,
  token: string,
  action: WatchLinkAction,
  signal?: AbortSignal,
): Promise<{ state: WatchStateBody; listingTitle: string }> {
  const body = await api.post<Partial<WatchLinkResponse>>('/watch', { token, action }, { auth: false, signal });
  const state = oneOf<WatchStateBody | ''>(body.state, STATES, '');
  if (state === '') throw new Error('The watch could not be changed. Please try again.');
  return { state, listingTitle: str(body.listingTitle) };
}
