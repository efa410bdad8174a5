import { useEffect, useEffectEvent, useRef, useState } from 'react';
import { ApiError, useApiClient } from '@/lib/api-client';
import { failureCoverage, scrapeErrorMessage, scrapeListing } from '../api/scrape-listing';
import { type Coverage, type ScrapeResult } from '../types';

/** SPEC §9 "Scrape debounce: 1 s": scraping starts this long after the last URL change. */
export const SCRAPE_DEBOUNCE_MS = 1000;
/** SPEC §5/§9: the URL must have at least this many characters (after trimming). */
export const SCRAPE_MIN_URL_LENGTH = 10;

/**
 * The URL to scrape for what is in the URL field, or null when it does not qualify
 * (SPEC §5): the trimmed value, when it has at least 10 characters and parses as an
 * http(s) URL. Whether the site is supported is the server's call (its message says).
 */
export function scrapeTarget(value: string): string | null {
  const url = value.trim();
  if (url.length < SCRAPE_MIN_URL_LENGTH) return null;
  try {
    const { protocol } = new URL(url);
    return protocol === 'http:' || protocol === 'https:' ? url : null;
  } catch {
    return null;
  }
}

/** SPEC §4 "Optimize form": idle → (URL change, 1 s debounce) → scraping → idle. */
export type ScrapeStatus = 'idle' | 'scraping';

export type ScrapeOutcome =
  | { ok: true; url: string; result: ScrapeResult }
  /** unreadable: the server says the link is no listing it can read (not a listing, not found, a site it does not read): no order can be taken for it. */
  | {
      ok: false;
      url: string;
      message: string;
      unreadable: boolean;
      /** Not read, but not refused either (the site blocked us or was slow, a network failure, a server error): payment waits until the host goes on with what they type or a read succeeds. */
      transient: boolean;
      /** For a transient failure: what a report from the typed details would cover (the server's), else null. */
      coverage: Coverage | null;
    };

/** Answers that mean "this link is no listing we can read", as opposed to "try again later". */
const UNREADABLE_STATUSES = new Set([400, 404, 422]);

export interface UseListingScrapeOptions {
  /**
   * False pauses scraping: a pending debounce is dropped and an in-flight request aborted
   * (the form pauses it while submitting). When it turns true again, the URL is
   * scheduled as if it had just changed.
   */
  enabled?: boolean;
  /** Called once for each finished scrape of the current URL; never for a superseded one. */
  onOutcome?: (outcome: ScrapeOutcome) => void;
}

export interface ListingScrape {
  status: ScrapeStatus;
  /** The last outcome, while the URL field still holds the URL it is for; else null. */
  outcome: ScrapeOutcome | null;
  /**
   * Counts `url` as already read, without a request or an outcome: a restored draft
   * (SPEC §4 "Return from login or signup") already has the title and description the
   * host submitted, which a new read must not overwrite, and its auto-submit must not be
   * blocked by a read in flight. Like a finished read, it holds while the field keeps
   * that URL; call it in the same update that puts the URL into the field.
   */
  markRead: (url: string) => void;
}

/**
 * Reads the listing behind the URL field (POST /api/scrape) as the host types:
 *  - only a qualifying URL (scrapeTarget) is scraped, SCRAPE_DEBOUNCE_MS after it last
 *    changed; whitespace-only edits are not changes;
 *  - a newer change drops the pending timer and aborts the request in flight, so only the
 *    latest URL's result is ever applied;
 *  - the URL whose scrape last finished (success or failure) is not scraped again while
 *    the field keeps it, even if edited away and back; emptying the field (any value that
 *    does not qualify) forgets it, so clearing and pasting again reads the listing again
 *    (the way to retry after "Too many listing look-ups…" or a network failure).
 */
export function useListingScrape(listingUrl: string, { enabled = true, onOutcome }: UseListingScrapeOptions = {}): ListingScrape {
  const api = useApiClient();
  const target = scrapeTarget(listingUrl);
  const [inFlight, setInFlight] = useState<{ id: number; url: string } | null>(null);
  // The last finished scrape; its URL is the one not to scrape again.
  const [outcome, setOutcome] = useState<ScrapeOutcome | null>(null);
  // A URL counted as read without a request (markRead); replaced by the next finished read.
  const [markedUrl, setMarkedUrl] = useState<string | null>(null);
  const requestId = useRef(0);

  // A URL field that no longer qualifies forgets the last scrape (adjusting state while
  // rendering, as React recommends over an effect).
  const [previousTarget, setPreviousTarget] = useState(target);
  if (target !== previousTarget) {
    setPreviousTarget(target);
    if (target === null) {
      setOutcome(null);
      setMarkedUrl(null);
    }
  }

  const alreadyScraped = useEffectEvent((url: string) => outcome?.url === url || markedUrl === url);
  const scrape = useEffectEvent((url: string, signal: AbortSignal) => scrapeListing(api, url, signal));
  const finish = useEffectEvent((result: ScrapeOutcome) => {
    setOutcome(result);
    setMarkedUrl(null);
    onOutcome?.(result);
  });

  useEffect(() => {
    if (target === null || !enabled) return;
    const controller = new AbortController();
    const timer = setTimeout(() => {
      if (alreadyScraped(target)) return;
      requestId.current += 1;
      const id = requestId.current;
      setInFlight({ id, url: target });
      scrape(target, controller.signal)
        .then(
          (result) => {
            if (!controller.signal.aborted) finish({ ok: true, url: target, result });
          },
          (error: unknown) => {
            if (!controller.signal.aborted)
              finish({
                ok: false,
                url: target,
                message: scrapeErrorMessage(error),
                unreadable: error instanceof ApiError && UNREADABLE_STATUSES.has(error.status),
                // Any other failure (the site blocked us, a network failure, a server
                // error, too many look-ups) is one to retry or to go on from with typed
                // details: never a listing to charge for as if it had been read.
                transient: !(error instanceof ApiError && UNREADABLE_STATUSES.has(error.status)),
                coverage: failureCoverage(error),
              });
          },
        )
        .finally(() => {
          setInFlight((current) => (current?.id === id ? null : current));
        });
    }, SCRAPE_DEBOUNCE_MS);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [target, enabled]);

  return {
    status: inFlight !== null && inFlight.url === target ? 'scraping' : 'idle',
    outcome: outcome !== null && outcome.url === target ? outcome : null,
    markRead: (url: string) => {
      const read = scrapeTarget(url);
      if (read === null) return;
      setOutcome(null);
      setMarkedUrl(read);
    },
  };
}
