import { act, renderHook } from '@testing-library/react';
import { type ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SCRAPING_FAILED_MESSAGE } from '@/lib/messages';
import { createTestAuth, TestAuthProvider } from '@/testing/auth';
import { mockScrapeFetch, SAMPLE_LISTING, SAMPLE_URL, scrapeFailure, scrapeSuccess } from '../testing/scrape-fetch';
import {
  SCRAPE_DEBOUNCE_MS,
  SCRAPE_MIN_URL_LENGTH,
  scrapeTarget,
  useListingScrape,
  type ScrapeOutcome,
  type UseListingScrapeOptions,
} from './use-listing-scrape';

function wrapper({ children }: { children: ReactNode }) {
  return <TestAuthProvider value={createTestAuth()}>{children}</TestAuthProvider>;
}

function setup(options: UseListingScrapeOptions = {}) {
  const onOutcome = vi.fn<(outcome: ScrapeOutcome) => void>();
  const initialProps: { url: string; enabled?: boolean } = { url: '' };
  const hook = renderHook(({ url, enabled }) => useListingScrape(url, { onOutcome, ...options, enabled }), { wrapper, initialProps });
  return {
    ...hook,
    onOutcome,
    type: (url: string, enabled?: boolean) => {
      hook.rerender({ url, enabled });
    },
  };
}

/** Lets fake time pass, running the timers and the promise callbacks they start. */
async function wait(ms: number) {
  await act(async () => {
    await vi.advanceTimersByTimeAsync(ms);
  });
}

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('scrapeTarget (SPEC §5: at least 10 characters and a valid URL)', () => {
  it('has the SPEC constants', () => {
    expect(SCRAPE_DEBOUNCE_MS).toBe(1000);
    expect(SCRAPE_MIN_URL_LENGTH).toBe(10);
  });

  it.each([
    ['http://a.b', 'http://a.b'], // exactly 10 characters
    ['  https://www.airbnb.com/rooms/1  ', 'https://www.airbnb.com/rooms/1'],
    ['HTTPS://WWW.AIRBNB.COM/ROOMS/1', 'HTTPS://WWW.AIRBNB.COM/ROOMS/1'],
    ['https://example.com/rooms/1', 'https://example.com/rooms/1'], // the server says it is unsupported
  ])('%j qualifies as %j', (value, expected) => {
    expect(scrapeTarget(value)).toBe(expected);
  });

  it.each([
    '',
    'http://ab', // 9 characters, parses
    '   http://ab   ', // 9 once trimmed
    'www.airbnb.com/rooms/48123456',
    'airbnb rooms 48123456',
    'https://',
    'http:// airbnb.com/rooms/1',
    'ftp://www.airbnb.com/rooms/1',
    'javascript:alert(1)//airbnb',
    'mailto:host@example.com',
    'file:///etc/passwd',
  ])('%j does not qualify', (value) => {
    expect(scrapeTarget(value)).toBeNull();
  });
});

describe('useListingScrape', () => {
  it('scrapes exactly 1000 ms after the URL changes, not before', async () => {
    const { requests } = mockScrapeFetch(() => scrapeSuccess());
    const { result, type } = setup();
    type(SAMPLE_URL);
    await wait(SCRAPE_DEBOUNCE_MS - 1);
    expect(requests).toHaveLength(0);
    expect(result.current.status).toBe('idle');
    await wait(1);
    expect(requests).toHaveLength(1);
    expect(requests[0]?.listingUrl).toBe(SAMPLE_URL);
  });

  it('sends exactly one request for rapid typing, 1000 ms after the last keystroke, with the trimmed URL', async () => {
    const { requests } = mockScrapeFetch(() => scrapeSuccess());
    const { type } = setup();
    const typed = `  ${SAMPLE_URL}`;
    for (let i = 1; i <= typed.length; i++) {
      type(typed.slice(0, i));
      await wait(150);
    }
    expect(requests).toHaveLength(0);
    await wait(SCRAPE_DEBOUNCE_MS - 150 - 1);
    expect(requests).toHaveLength(0);
    await wait(1);
    expect(requests.map((r) => r.listingUrl)).toEqual([SAMPLE_URL]);
    await wait(10_000);
    expect(requests).toHaveLength(1);
  });

  it.each(['http://ab', 'www.airbnb.com/rooms/48123456', 'not a url at all', 'ftp://www.airbnb.com/rooms/1'])(
    'never scrapes %j',
    async (value) => {
      const { requests } = mockScrapeFetch(() => scrapeSuccess());
      const { type } = setup();
      type(value);
      await wait(10_000);
      expect(requests).toHaveLength(0);
    },
  );

  it('is scraping while the request is in flight, then idle with the outcome', async () => {
    const { requests } = mockScrapeFetch();
    const { result, type, onOutcome } = setup();
    type(SAMPLE_URL);
    await wait(SCRAPE_DEBOUNCE_MS);
    expect(result.current.status).toBe('scraping');
    expect(result.current.outcome).toBeNull();

    requests[0]?.respond(scrapeSuccess());
    await wait(0);
    expect(result.current.status).toBe('idle');
    const expected: ScrapeOutcome = {
      ok: true,
      url: SAMPLE_URL,
      result: { title: SAMPLE_LISTING.title, description: SAMPLE_LISTING.description, listing: SAMPLE_LISTING, cached: false, coverage: null },
    };
    expect(result.current.outcome).toEqual(expected);
    expect(onOutcome).toHaveBeenCalledTimes(1);
    expect(onOutcome).toHaveBeenCalledWith(expected);
  });

  it('reports a failure with its message', async () => {
    mockScrapeFetch(() => scrapeFailure(404, 'We couldn’t find that listing.'));
    const { result, type, onOutcome } = setup();
    type(SAMPLE_URL);
    await wait(SCRAPE_DEBOUNCE_MS);
    expect(result.current.status).toBe('idle');
    const failed = { ok: false, url: SAMPLE_URL, message: 'We couldn’t find that listing.', unreadable: true, transient: false, coverage: null };
    expect(result.current.outcome).toEqual(failed);
    expect(onOutcome).toHaveBeenCalledWith(failed);
  });

  it('a site blocking us or too slow (503) is a transient failure: the host may go on with what they type', async () => {
    mockScrapeFetch(() => scrapeFailure(503, 'The listing site blocked our request.'));
    const { result, type } = setup();
    type(SAMPLE_URL);
    await wait(SCRAPE_DEBOUNCE_MS);
    expect(result.current.outcome).toMatchObject({ ok: false, unreadable: false, transient: true });
  });

  // transient: no listing read, so the form takes no payment until the host goes on with
  // what they type (or a later read succeeds): issue 43's "Scraping failed." with the pay
  // button still on.
  it('reports a network failure as "Scraping failed.", one to retry or go on from with typed details', async () => {
    mockScrapeFetch(() => Promise.reject(new TypeError('Failed to fetch')));
    const { result, type } = setup();
    type(SAMPLE_URL);
    await wait(SCRAPE_DEBOUNCE_MS);
    expect(result.current.outcome).toEqual({ ok: false, url: SAMPLE_URL, message: SCRAPING_FAILED_MESSAGE, unreadable: false, transient: true, coverage: null });
  });

  it('a newer URL change drops the pending timer', async () => {
    const { requests } = mockScrapeFetch(() => scrapeSuccess());
    const { type } = setup();
    type('https://www.airbnb.com/rooms/1');
    await wait(900);
    type('https://www.airbnb.com/rooms/2');
    await wait(900);
    expect(requests).toHaveLength(0);
    await wait(100);
    expect(requests.map((r) => r.listingUrl)).toEqual(['https://www.airbnb.com/rooms/2']);
  });

  it('a newer URL change aborts the request in flight, and only the latest result is applied', async () => {
    const { requests } = mockScrapeFetch();
    const { result, type, onOutcome } = setup();
    const first = 'https://www.airbnb.com/rooms/1';
    const second = 'https://www.airbnb.com/rooms/2';
    type(first);
    await wait(SCRAPE_DEBOUNCE_MS);
    expect(result.current.status).toBe('scraping');

    type(second);
    expect(requests[0]?.signal?.aborted).toBe(true);
    expect(result.current.status).toBe('idle'); // the debounce of the new URL runs first
    await wait(SCRAPE_DEBOUNCE_MS);
    expect(result.current.status).toBe('scraping');

    requests[1]?.respond(scrapeSuccess({ ...SAMPLE_LISTING, title: 'Second' }));
    requests[0]?.respond(scrapeSuccess({ ...SAMPLE_LISTING, title: 'First' })); // too late: ignored
    await wait(0);
    expect(onOutcome).toHaveBeenCalledTimes(1);
    expect(result.current.outcome).toMatchObject({ ok: true, url: second, result: { title: 'Second' } });
  });

  it('ignores a stale answer that arrives although the fetch did not honour the abort', async () => {
    const late: ((response: Response) => void)[] = [];
    vi.spyOn(globalThis, 'fetch').mockImplementation(
      () =>
        new Promise<Response>((resolve) => {
          late.push(resolve);
        }),
    );
    const { result, type, onOutcome } = setup();
    type('https://www.airbnb.com/rooms/1');
    await wait(SCRAPE_DEBOUNCE_MS);
    type('https://www.airbnb.com/rooms/2');
    late[0]?.(scrapeSuccess({ ...SAMPLE_LISTING, title: 'Stale' }));
    await wait(0);
    expect(onOutcome).not.toHaveBeenCalled();
    expect(result.current.outcome).toBeNull();
  });

  it('a URL that stops qualifying aborts the request and schedules nothing', async () => {
    const { requests } = mockScrapeFetch();
    const { result, type } = setup();
    type(SAMPLE_URL);
    await wait(SCRAPE_DEBOUNCE_MS);
    type('https://');
    expect(requests[0]?.signal?.aborted).toBe(true);
    expect(result.current.status).toBe('idle');
    await wait(10_000);
    expect(requests).toHaveLength(1);
  });

  it('does not scrape the same URL again while it stays in the field', async () => {
    const { requests } = mockScrapeFetch(() => scrapeSuccess());
    const { result, type } = setup();
    type(SAMPLE_URL);
    await wait(SCRAPE_DEBOUNCE_MS);
    expect(requests).toHaveLength(1);

    type(`${SAMPLE_URL}  `); // whitespace is no change
    await wait(5000);
    type(`${SAMPLE_URL}/x`); // edited away…
    await wait(500);
    type(SAMPLE_URL); // …and back before the debounce ran
    await wait(5000);
    expect(requests).toHaveLength(1);
    expect(result.current.outcome).toMatchObject({ ok: true, url: SAMPLE_URL });
  });

  it('does not retry a failed URL while it stays in the field, but does after it is cleared and pasted again', async () => {
    const { requests } = mockScrapeFetch(() => scrapeFailure(429, 'Too many listing look-ups. Please wait a minute and try again.'));
    const { result, type } = setup();
    type(SAMPLE_URL);
    await wait(SCRAPE_DEBOUNCE_MS);
    type(` ${SAMPLE_URL}`);
    await wait(5000);
    expect(requests).toHaveLength(1);

    type('');
    expect(result.current.outcome).toBeNull();
    type(SAMPLE_URL);
    expect(result.current.outcome).toBeNull(); // the old message does not come back
    await wait(SCRAPE_DEBOUNCE_MS);
    expect(requests).toHaveLength(2);
  });

  it('scrapes a URL again when another one was read in between', async () => {
    const { requests } = mockScrapeFetch(() => scrapeSuccess());
    const { type } = setup();
    type('https://www.airbnb.com/rooms/1');
    await wait(SCRAPE_DEBOUNCE_MS);
    type('https://www.airbnb.com/rooms/2');
    await wait(SCRAPE_DEBOUNCE_MS);
    type('https://www.airbnb.com/rooms/1');
    await wait(SCRAPE_DEBOUNCE_MS);
    expect(requests.map((r) => r.listingUrl)).toEqual([
      'https://www.airbnb.com/rooms/1',
      'https://www.airbnb.com/rooms/2',
      'https://www.airbnb.com/rooms/1',
    ]);
  });

  it('hides the outcome once the URL changes', async () => {
    mockScrapeFetch(() => scrapeSuccess());
    const { result, type } = setup();
    type(SAMPLE_URL);
    await wait(SCRAPE_DEBOUNCE_MS);
    expect(result.current.outcome).not.toBeNull();
    type('https://www.airbnb.com/rooms/2');
    expect(result.current.outcome).toBeNull();
  });

  it('when disabled, drops the pending timer; enabled again, schedules the URL afresh', async () => {
    const { requests } = mockScrapeFetch(() => scrapeSuccess());
    const { type } = setup();
    type(SAMPLE_URL);
    await wait(500);
    type(SAMPLE_URL, false);
    await wait(5000);
    expect(requests).toHaveLength(0);
    type(SAMPLE_URL, true);
    await wait(SCRAPE_DEBOUNCE_MS - 1);
    expect(requests).toHaveLength(0);
    await wait(1);
    expect(requests).toHaveLength(1);
  });

  it('markRead: a restored URL is not read, until another URL is read or the field is cleared', async () => {
    const { requests } = mockScrapeFetch(() => scrapeSuccess());
    const { result, type, onOutcome } = setup();
    act(() => {
      result.current.markRead(` ${SAMPLE_URL} `);
    });
    type(SAMPLE_URL);
    await wait(5000);
    expect(requests).toHaveLength(0);
    expect(result.current.status).toBe('idle');
    expect(result.current.outcome).toBeNull();
    expect(onOutcome).not.toHaveBeenCalled();

    type('https://www.airbnb.com/rooms/2');
    await wait(SCRAPE_DEBOUNCE_MS);
    type(SAMPLE_URL);
    await wait(SCRAPE_DEBOUNCE_MS);
    expect(requests.map((r) => r.listingUrl)).toEqual(['https://www.airbnb.com/rooms/2', SAMPLE_URL]);

    act(() => {
      result.current.markRead(SAMPLE_URL);
    });
    type('');
    type(SAMPLE_URL);
    await wait(SCRAPE_DEBOUNCE_MS);
    expect(requests).toHaveLength(3);
  });

  it('markRead ignores a value that is not a URL to read', async () => {
    const { requests } = mockScrapeFetch(() => scrapeSuccess());
    const { result, type } = setup();
    act(() => {
      result.current.markRead('not a url');
    });
    type(SAMPLE_URL);
    await wait(SCRAPE_DEBOUNCE_MS);
    expect(requests).toHaveLength(1);
  });

  it('aborts the request and the timer on unmount', async () => {
    const { requests } = mockScrapeFetch();
    const { type, unmount, onOutcome } = setup();
    type(SAMPLE_URL);
    await wait(SCRAPE_DEBOUNCE_MS);
    unmount();
    expect(requests[0]?.signal?.aborted).toBe(true);
    await wait(5000);
    expect(onOutcome).not.toHaveBeenCalled();
  });
});
