import { act, fireEvent, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SCRAPE_FAILED_MESSAGE, SCRAPING_FAILED_MESSAGE } from '@/lib/messages';
import { renderWithRouter } from '@/testing/render';
import { SCRAPE_DEBOUNCE_MS } from '../hooks/use-listing-scrape';
import { TYPED_DETAILS_NEEDED_MESSAGE } from '../hooks/use-optimize-form';
import { mockScrapeFetch, SAMPLE_LISTING, SAMPLE_URL, scrapeFailure, scrapeSuccess } from '../testing/scrape-fetch';
import { OptimizeSubmitError, SCRAPING_STATUS_MESSAGE } from '../types';
import { OptimizeForm } from './optimize-form';

/**
 * Types the e-mail, then the URL: a test that submits right after stays well inside the
 * URL's 1 s scrape debounce (a scrape in flight would block the submit).
 */
function fill(user: ReturnType<typeof userEvent.setup>, values: { url?: string; email?: string }) {
  return (async () => {
    if (values.email) await user.type(screen.getByLabelText('Email'), values.email);
    if (values.url) await user.type(screen.getByLabelText('Listing URL'), values.url);
  })();
}

describe('OptimizeForm', () => {
  beforeEach(() => {
    // Nothing here waits for the 1 s debounce; a scrape that still started would never answer.
    mockScrapeFetch();
  });

  it('labels every field and offers the plans as a radio group', () => {
    renderWithRouter(<OptimizeForm />);
    expect(screen.getByLabelText('Listing URL')).toHaveAttribute('type', 'url');
    expect(screen.getByLabelText('Listing URL')).toHaveAttribute('placeholder', 'https://www.airbnb.com/rooms/12345');
    expect(screen.getByLabelText('Email')).toHaveAttribute('type', 'email');
    expect(screen.getByLabelText('Listing title')).toBeInTheDocument();
    expect(screen.getByLabelText('Listing description')).toBeInTheDocument();
    const group = screen.getByRole('group', { name: 'Choose your plan' });
    expect(group).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: 'Basic $4.99' })).toBeChecked();
    expect(screen.getByRole('radio', { name: 'Premium $19.99' })).not.toBeChecked();
    expect(screen.getByRole('button', { name: 'Optimize My Listing' })).toHaveAttribute('type', 'submit');
    // The price line links the refund policy before anyone pays.
    expect(screen.getByRole('link', { name: 'Refund policy' })).toHaveAttribute('href', '/refunds');
  });

  it.each([
    ['both empty', {}],
    ['e-mail empty', { url: 'https://www.airbnb.com/rooms/12345' }],
    ['URL empty', { email: 'host@example.com' }],
  ])('shows "Please fill in all required fields" when %s', async (_case, values) => {
    const user = userEvent.setup();
    const onSubmit = vi.fn();
    renderWithRouter(<OptimizeForm onSubmit={onSubmit} />);
    await fill(user, values);
    await user.click(screen.getByRole('button', { name: 'Optimize My Listing' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Please fill in all required fields');
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('treats whitespace as empty and focuses the first missing field', async () => {
    const user = userEvent.setup();
    renderWithRouter(<OptimizeForm />);
    await fill(user, { url: '   ', email: 'host@example.com' });
    await user.click(screen.getByRole('button', { name: 'Optimize My Listing' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Please fill in all required fields');
    expect(screen.getByLabelText('Listing URL')).toHaveFocus();
    expect(screen.getByLabelText('Listing URL')).toHaveAttribute('aria-invalid', 'true');
  });

  it('passes trimmed values and the chosen plan to the submit handler', async () => {
    const user = userEvent.setup();
    const onSubmit = vi.fn();
    renderWithRouter(<OptimizeForm onSubmit={onSubmit} />);
    await user.type(screen.getByLabelText('Listing title'), 'Cozy cabin');
    await user.click(screen.getByRole('radio', { name: 'Premium $19.99' }));
    await fill(user, { url: ' https://www.airbnb.com/rooms/12345 ', email: 'host@example.com' });
    await user.click(screen.getByRole('button', { name: 'Optimize My Listing' }));
    expect(screen.queryByRole('alert')).toBeNull();
    expect(onSubmit).toHaveBeenCalledWith({
      listingUrl: 'https://www.airbnb.com/rooms/12345',
      email: 'host@example.com',
      title: 'Cozy cabin',
      description: '',
      plan: 'premium',
    });
  });

  it('clears the message on a valid submit without a handler (nothing else happens yet)', async () => {
    const user = userEvent.setup();
    renderWithRouter(<OptimizeForm />);
    await user.click(screen.getByRole('button', { name: 'Optimize My Listing' }));
    expect(screen.getByRole('alert')).toBeInTheDocument();
    await fill(user, { url: 'https://www.vrbo.com/123456', email: 'host@example.com' });
    await user.click(screen.getByRole('button', { name: 'Optimize My Listing' }));
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('shows the message of a failing submit handler', async () => {
    const user = userEvent.setup();
    renderWithRouter(<OptimizeForm onSubmit={() => Promise.reject(new Error('Payment error: 500'))} />);
    await fill(user, { url: 'https://www.airbnb.com/rooms/1', email: 'host@example.com' });
    await user.click(screen.getByRole('button', { name: 'Optimize My Listing' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Payment error: 500');
  });

  it('shows the server’s reason of a failed submit as a second line', async () => {
    const user = userEvent.setup();
    renderWithRouter(<OptimizeForm onSubmit={() => Promise.reject(new OptimizeSubmitError('Payment error: 400', 'Unsupported listing URL.'))} />);
    await fill(user, { url: 'https://www.airbnb.com/rooms/1', email: 'host@example.com' });
    await user.click(screen.getByRole('button', { name: 'Optimize My Listing' }));
    const alert = await screen.findByRole('alert');
    expect(Array.from(alert.querySelectorAll('span.block'), (line) => line.textContent)).toEqual(['Payment error: 400', 'Unsupported listing URL.']);
  });

  it('on hold, shows the hold text on the disabled button and refuses to submit', async () => {
    const onSubmit = vi.fn();
    renderWithRouter(<OptimizeForm onSubmit={onSubmit} hold="Redirecting to secure checkout…" />);
    const button = screen.getByRole('button', { name: 'Redirecting to secure checkout…' });
    expect(button).toBeDisabled();
    fireEvent.change(screen.getByLabelText('Email'), { target: { value: 'host@example.com' } });
    fireEvent.change(screen.getByLabelText('Listing URL'), { target: { value: 'https://www.airbnb.com/rooms/1' } });
    fireEvent.submit(screen.getByRole('form', { name: 'Optimize your listing' }));
    await Promise.resolve();
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('preselects the requested plan', () => {
    renderWithRouter(<OptimizeForm requestedPlan="premium" />);
    expect(screen.getByRole('radio', { name: 'Premium $19.99' })).toBeChecked();
  });
});

const SUMMARY = 'Read: 2 bedrooms · 1.5 baths · 4 guests · 23 photos · 3 amenities · 4.92★ (128 reviews)';

/**
 * These tests control time with fake timers, so they enter text with fireEvent: user-event
 * (through Testing Library's async wrapper) waits on a real-time setTimeout(0) that fake
 * timers hold back for ever under Vitest.
 */
describe('OptimizeForm: reading the listing (SPEC §4, §5, §8)', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  const fields = () => ({
    form: screen.getByRole('form', { name: 'Optimize your listing' }),
    url: screen.getByLabelText('Listing URL'),
    email: screen.getByLabelText('Email'),
    title: screen.getByLabelText('Listing title'),
    description: screen.getByLabelText('Listing description'),
    submit: screen.getByRole('button', { name: 'Optimize My Listing' }),
    status: screen.getByRole('status'),
  });

  /** Sets a field's value as one edit. */
  function enter(element: HTMLElement, value: string) {
    fireEvent.change(element, { target: { value } });
  }

  /** Types `value` into the field one character at a time, `gap` ms apart. */
  async function typeSlowly(element: HTMLElement, value: string, gap = 0) {
    for (let i = 1; i <= value.length; i++) {
      enter(element, value.slice(0, i));
      if (gap > 0) await wait(gap);
    }
  }

  async function wait(ms: number) {
    await act(async () => {
      await vi.advanceTimersByTimeAsync(ms);
    });
  }

  function setup(onSubmit = vi.fn()) {
    renderWithRouter(<OptimizeForm onSubmit={onSubmit} />);
    return { onSubmit };
  }

  it('reads the listing once, 1000 ms after the last keystroke, and prefills title and description', async () => {
    const { requests } = mockScrapeFetch();
    setup();
    await typeSlowly(fields().url, SAMPLE_URL, 120);
    await wait(SCRAPE_DEBOUNCE_MS - 120 - 1);
    expect(requests).toHaveLength(0);
    expect(fields().status).toHaveTextContent('');
    await wait(1);
    expect(requests.map((r) => r.listingUrl)).toEqual([SAMPLE_URL]);
    expect(fields().status).toHaveTextContent(SCRAPING_STATUS_MESSAGE);

    requests[0]?.respond(scrapeSuccess());
    await wait(0);
    expect(fields().title).toHaveValue(SAMPLE_LISTING.title);
    expect(fields().description).toHaveValue(SAMPLE_LISTING.description);
    expect(fields().status).toHaveTextContent(SUMMARY);
    expect(fields().status).not.toHaveTextContent(SCRAPING_STATUS_MESSAGE);
    expect(screen.queryByRole('alert')).toBeNull();
    await wait(10_000);
    expect(requests).toHaveLength(1);
  });

  it('says only "Listing read." when nothing could be summarised', async () => {
    mockScrapeFetch(() => Response.json({ success: true, error: '', title: 'Loft', description: 'Nice.' }));
    setup();
    enter(fields().url, SAMPLE_URL);
    await wait(SCRAPE_DEBOUNCE_MS);
    expect(fields().title).toHaveValue('Loft');
    expect(fields().status).toHaveTextContent(/^Listing read\.$/);
  });

  it('says what the report will cover, and warns before a Premium without market data', async () => {
    const note = 'We have no market data for this area yet, so the listing was not compared with others and no market figures are shown.';
    mockScrapeFetch(() =>
      Response.json({
        success: true,
        error: '',
        title: 'Loft',
        description: 'Nice.',
        coverage: { market: 'none', comparables: 0, note, photos: 4, reviews: true, complete: true, offer: { premium: true } },
      }),
    );
    setup();
    enter(fields().url, SAMPLE_URL);
    await wait(SCRAPE_DEBOUNCE_MS);
    expect(screen.getByTestId('coverage-line')).toHaveTextContent(/^Your report will cover your title and description, 4 photos and your rating and reviews\.$/);
    fireEvent.click(screen.getByRole('radio', { name: 'Premium $19.99' }));
    expect(screen.getByTestId('coverage-line')).toHaveTextContent(`Before you choose Premium: ${note}`);
    expect(screen.getByTestId('coverage-line')).toHaveClass('bg-amber-50');
  });

  it('replaces text typed before the URL, keeps edits made after the read, and reads again only for a new URL', async () => {
    const { requests } = mockScrapeFetch((request) =>
      scrapeSuccess({ ...SAMPLE_LISTING, title: `Title of ${request.listingUrl}`, description: `About ${request.listingUrl}` }),
    );
    setup();
    enter(fields().title, 'My own title');
    enter(fields().url, SAMPLE_URL);
    await wait(SCRAPE_DEBOUNCE_MS);
    expect(fields().title).toHaveValue(`Title of ${SAMPLE_URL}`);

    enter(fields().title, 'Edited after the read');
    enter(fields().url, `${SAMPLE_URL} `);
    await wait(10_000);
    expect(fields().title).toHaveValue('Edited after the read');
    expect(requests).toHaveLength(1);

    enter(fields().url, 'https://www.airbnb.com/rooms/2');
    await wait(SCRAPE_DEBOUNCE_MS);
    expect(fields().title).toHaveValue('Title of https://www.airbnb.com/rooms/2');
    expect(fields().description).toHaveValue('About https://www.airbnb.com/rooms/2');
  });

  it('does not read a URL shorter than 10 characters or one that does not parse', async () => {
    const { requests } = mockScrapeFetch(() => scrapeSuccess());
    setup();
    await typeSlowly(fields().url, 'http://ab');
    await wait(5000);
    await typeSlowly(fields().url, 'www.airbnb.com/rooms/48123456');
    await wait(5000);
    expect(requests).toHaveLength(0);
    expect(fields().submit).toBeEnabled();
    expect(fields().status).toHaveTextContent('');
  });

  const UNSUPPORTED =
    'Unsupported listing URL. Paste a public listing link from Airbnb (airbnb.com/rooms/…), Vrbo (vrbo.com/…) or Booking.com (booking.com/hotel/…).';

  it.each([
    ['unsupported site (400)', () => scrapeFailure(400, UNSUPPORTED), UNSUPPORTED],
    ['not found (404)', () => scrapeFailure(404, 'We couldn’t find that listing.'), 'We couldn’t find that listing.'],
    ['not a listing we can read (422)', () => scrapeFailure(422, 'We couldn’t find that listing.'), 'We couldn’t find that listing.'],
    [
      'rate limited (429)',
      () => scrapeFailure(429, 'Too many listing look-ups. Please wait a minute and try again.'),
      'Too many listing look-ups. Please wait a minute and try again.',
    ],
    [
      'blocked by the site (503)',
      () => scrapeFailure(503, 'The listing site blocked our request.'),
      'The listing site blocked our request.',
    ],
    ['the server’s fallback (503)', () => scrapeFailure(503, SCRAPE_FAILED_MESSAGE), SCRAPE_FAILED_MESSAGE],
    ['a failure without a message (502 HTML)', () => new Response('<html>Bad gateway</html>', { status: 502 }), SCRAPE_FAILED_MESSAGE],
    ['no answer (network error)', () => Promise.reject(new TypeError('Failed to fetch')), SCRAPING_FAILED_MESSAGE],
    ['an unreadable answer (200, not JSON)', () => new Response('<html>portal</html>', { status: 200 }), SCRAPING_FAILED_MESSAGE],
  ])('on failure (%s) clears title and description and shows the message', async (_case, answer, message) => {
    mockScrapeFetch(answer);
    setup();
    enter(fields().title, 'Typed title');
    enter(fields().description, 'Typed description');
    enter(fields().url, SAMPLE_URL);
    await wait(SCRAPE_DEBOUNCE_MS);
    const alert = screen.getByRole('alert');
    expect(alert).toHaveTextContent(message);
    expect(fields().title).toHaveValue('');
    expect(fields().description).toHaveValue('');
    expect(fields().url.getAttribute('aria-describedby')?.split(' ')).toContain(alert.id);
    expect(fields().status).toHaveTextContent('');
    // Nothing is charged for a listing we could not read (issue 43: "Scraping failed." with the
    // pay button still on). A link that is no listing we can read: Submit waits for another
    // URL. Any other failure (the site blocking us, the network, a server error, the rate
    // limit): Submit waits for the host's choice to go on with what they type, which is then
    // sent.
    const unreadable = /\((400|404|422)\)/.test(_case);
    expect(fields().submit).toBeDisabled();
    if (unreadable) {
      expect(fields().submit).toHaveAccessibleDescription('Check the listing link above: we take payment only for a listing we can read.');
      expect(screen.queryByTestId('typed-details-choice')).not.toBeInTheDocument();
    } else {
      expect(fields().submit).toHaveAccessibleDescription(
        'We could not read this listing just now: choose to continue with what you type above, or try again in a few minutes.',
      );
      fireEvent.click(screen.getByRole('checkbox', { name: /Continue with the title and description I type below/ }));
      expect(fields().submit).toBeEnabled();
    }
  });

  it('clears what an earlier read filled in when a later URL fails; the message goes once the URL is edited', async () => {
    mockScrapeFetch((request) => (request.listingUrl === SAMPLE_URL ? scrapeSuccess() : scrapeFailure(400, 'Unsupported listing URL.')));
    setup();
    enter(fields().url, SAMPLE_URL);
    await wait(SCRAPE_DEBOUNCE_MS);
    expect(fields().title).toHaveValue(SAMPLE_LISTING.title);

    enter(fields().url, 'https://example.com/rooms/1');
    await wait(SCRAPE_DEBOUNCE_MS);
    expect(screen.getByRole('alert')).toHaveTextContent('Unsupported listing URL.');
    expect(fields().title).toHaveValue('');
    expect(fields().description).toHaveValue('');
    expect(fields().status).not.toHaveTextContent('Read:');

    expect(fields().submit).toBeDisabled();

    enter(fields().url, 'https://example.com/rooms/12');
    expect(screen.queryByRole('alert')).toBeNull();
    expect(fields().submit).toBeEnabled(); // a new URL: the host may try it
  });

  it('blocks submit while scraping: the button is disabled and busy, the fields wait, a submit does nothing', async () => {
    const { requests } = mockScrapeFetch();
    const { onSubmit } = setup();
    enter(fields().email, 'host@example.com');
    enter(fields().url, SAMPLE_URL);
    expect(fields().submit).toBeEnabled(); // the debounce is not scraping yet
    await wait(SCRAPE_DEBOUNCE_MS);

    expect(fields().submit).toBeDisabled();
    expect(fields().submit).toHaveAttribute('aria-busy', 'true');
    expect(fields().status).toHaveTextContent(SCRAPING_STATUS_MESSAGE);
    expect(fields().title).toHaveAttribute('readonly');
    expect(fields().description).toHaveAttribute('readonly');
    fireEvent.submit(fields().form); // e.g. Enter in a field
    expect(onSubmit).not.toHaveBeenCalled();

    requests[0]?.respond(scrapeSuccess());
    await wait(0);
    expect(fields().submit).toBeEnabled();
    expect(fields().submit).not.toHaveAttribute('aria-busy');
    expect(fields().title).not.toHaveAttribute('readonly');
    fireEvent.click(fields().submit);
    await wait(0);
    expect(onSubmit).toHaveBeenCalledWith({
      listingUrl: SAMPLE_URL,
      email: 'host@example.com',
      title: SAMPLE_LISTING.title,
      description: SAMPLE_LISTING.description,
      plan: 'basic',
    });
  });

  it('after a read the site blocked, Submit waits for the choice to go on with what the host types, which is sent', async () => {
    const { requests } = mockScrapeFetch();
    const onSubmit = vi.fn();
    setup(onSubmit);
    enter(fields().email, 'host@example.com');
    enter(fields().url, SAMPLE_URL);
    await wait(SCRAPE_DEBOUNCE_MS);
    expect(fields().submit).toBeDisabled();
    requests[0]?.respond(scrapeFailure(503, SCRAPE_FAILED_MESSAGE));
    await wait(0);
    expect(screen.getByRole('alert')).toHaveTextContent(SCRAPE_FAILED_MESSAGE);
    expect(fields().submit).toBeDisabled();
    expect(fields().submit).toHaveAccessibleDescription(
      'We could not read this listing just now: choose to continue with what you type above, or try again in a few minutes.',
    );
    const choice = screen.getByRole('checkbox', { name: 'Continue with the title and description I type below' });
    expect(choice).toHaveAccessibleDescription(/leave out photos, amenities, ratings and reviews, the calendar, pricing and the market comparison/);
    fireEvent.click(choice);
    expect(fields().submit).toBeEnabled();
    // Nothing typed: the form says what it needs.
    fireEvent.click(fields().submit);
    await wait(0);
    expect(screen.getAllByRole('alert').map((a) => a.textContent)).toContain(TYPED_DETAILS_NEEDED_MESSAGE);
    expect(onSubmit).not.toHaveBeenCalled();
    enter(fields().title, 'Beach house by the dunes');
    fireEvent.click(fields().submit);
    await wait(0);
    expect(onSubmit).toHaveBeenCalledWith(expect.objectContaining({ title: 'Beach house by the dunes', useTypedDetails: true }));
    // A new URL needs a new read, and a new choice.
    enter(fields().url, `${SAMPLE_URL}9`);
    expect(screen.queryByRole('checkbox', { name: /Continue with the title/ })).not.toBeInTheDocument();
  });

  /** The seven sections as the server sends them; `missing` maps a key left out to its reason. */
  function sections(missing: Record<string, string>) {
    return ['Title', 'Description', 'Photos', 'Amenities', 'Pricing', 'Reviews', 'Availability (calendar)'].map((name) => {
      const key = name === 'Availability (calendar)' ? 'availability' : name.toLowerCase();
      return missing[key] ? { key, name, assessed: false, why: missing[key] } : { key, name, assessed: true };
    });
  }
  const PAGE_NOT_READ = 'the listing page could not be read';
  const TYPED_ONLY =
    'Premium needs the listing page itself: we could not read it, and what Premium adds (the photo audit, reviews, calendar and market comparison) comes from that page, so only Basic is offered.';
  const SPARSE_ONLY =
    'Premium needs the listing page itself: we could read only the title and a preview of the description (no photos, reviews, calendar or nearby listings to compare with), so only Basic is offered.';

  /** A read's answer whose coverage carries the server's per-plan offer (backend report.OfferFor). */
  function readWithOffer(plans: { plan: string; offered: boolean; why?: string; delivers: string[]; badge?: string }[]) {
    const premium = plans.find((p) => p.plan === 'premium');
    return Response.json({
      success: true,
      error: '',
      title: SAMPLE_LISTING.title,
      description: SAMPLE_LISTING.description,
      listing: SAMPLE_LISTING,
      cached: false,
      coverage: {
        market: 'none',
        comparables: 0,
        photos: 0,
        reviews: false,
        calendar: false,
        complete: false,
        sections: sections({ photos: 'the page did not show its photos' }),
        offer: { premium: premium?.offered === true, basic_only: premium?.why ?? '', plans },
      },
    });
  }
  const NO_MARKET =
    'Premium is not offered for this listing: its market analytics need comparable listings, and none were found near this one. Basic is offered.';

  it('says what each plan delivers for this listing before payment; Premium not offered is disabled with its reason and loses its badge', async () => {
    const { requests } = mockScrapeFetch();
    const onSubmit = vi.fn();
    renderWithRouter(<OptimizeForm onSubmit={onSubmit} requestedPlan="premium" />);
    enter(fields().email, 'host@example.com');
    enter(fields().url, SAMPLE_URL);
    await wait(SCRAPE_DEBOUNCE_MS);
    requests[0]?.respond(
      readWithOffer([
        { plan: 'basic', offered: true, delivers: ['4 of 7 sections assessed: title, description, amenities and reviews', '3 title suggestions'] },
        { plan: 'premium', offered: false, why: NO_MARKET, delivers: ['Everything in Basic'] },
      ]),
    );
    await wait(0);
    const premium = screen.getByRole('radio', { name: 'Premium $19.99' });
    expect(premium).toBeDisabled();
    expect(premium).toHaveAccessibleDescription(NO_MARKET);
    expect(screen.getByTestId('premium-refused').textContent.match(/not offered/g)).toHaveLength(1);
    expect(screen.getByTestId('plan-premium')).not.toHaveTextContent('Best value');
    expect(screen.getByRole('radio', { name: 'Basic $4.99' })).toBeChecked();
    expect(screen.getByTestId('basic-delivers')).toHaveTextContent(
      'For this listing:4 of 7 sections assessed: title, description, amenities and reviews3 title suggestions',
    );
    fireEvent.click(fields().submit);
    await wait(0);
    expect(onSubmit).toHaveBeenCalledWith(expect.objectContaining({ plan: 'basic' }));
  });

  it('shows the badge only where the server says Premium delivers its list, with what it delivers', async () => {
    const { requests } = mockScrapeFetch();
    setup();
    expect(screen.getByTestId('plan-premium')).not.toHaveTextContent('Best value'); // nothing read yet
    enter(fields().url, SAMPLE_URL);
    await wait(SCRAPE_DEBOUNCE_MS);
    requests[0]?.respond(
      readWithOffer([
        { plan: 'basic', offered: true, delivers: ['3 title suggestions'] },
        {
          plan: 'premium',
          offered: true,
          badge: 'Best value',
          delivers: ['10 title suggestions', "Market analytics from 19 comparable listings (Airbnb's search around the listing)"],
        },
      ]),
    );
    await wait(0);
    expect(screen.getByTestId('plan-premium')).toHaveTextContent('Best value');
    expect(screen.getByRole('radio', { name: 'Premium $19.99' })).toBeEnabled();
    expect(screen.getByTestId('premium-delivers')).toHaveTextContent("Market analytics from 19 comparable listings (Airbnb's search around the listing)");
  });

  it('takes no payment where no plan can be delivered, and says why under each plan', async () => {
    const { requests } = mockScrapeFetch();
    const onSubmit = vi.fn();
    setup(onSubmit);
    enter(fields().email, 'host@example.com');
    enter(fields().url, SAMPLE_URL);
    await wait(SCRAPE_DEBOUNCE_MS);
    const noBasic = 'Basic is not offered for this listing: we could read only the title, so its report would assess 1 of 7 sections.';
    requests[0]?.respond(
      readWithOffer([
        { plan: 'basic', offered: false, why: noBasic, delivers: ['1 of 7 sections assessed: title'] },
        { plan: 'premium', offered: false, why: NO_MARKET, delivers: [] },
      ]),
    );
    await wait(0);
    expect(screen.getByRole('radio', { name: 'Basic $4.99' })).toBeDisabled();
    expect(screen.getByRole('radio', { name: 'Basic $4.99' })).not.toBeChecked(); // no plan shown as chosen
    expect(screen.getByTestId('basic-refused')).toHaveTextContent(noBasic);
    expect(fields().submit).toBeDisabled();
    expect(fields().submit).toHaveAccessibleDescription(
      'No plan can be delivered for this listing (the reasons are under each plan above), so we take no payment for it.',
    );
    const form = fields().submit.closest('form');
    if (form) fireEvent.submit(form);
    expect(form).not.toBeNull();
    await wait(0);
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('offers Basic only for typed details, says why, and sends Basic even when Premium was asked for', async () => {
    const { requests } = mockScrapeFetch();
    const onSubmit = vi.fn();
    renderWithRouter(<OptimizeForm onSubmit={onSubmit} requestedPlan="premium" />);
    expect(screen.getByRole('radio', { name: 'Premium $19.99' })).toBeChecked();
    enter(fields().email, 'host@example.com');
    enter(fields().url, SAMPLE_URL);
    await wait(SCRAPE_DEBOUNCE_MS);
    requests[0]?.respond(
      Response.json(
        {
          success: false,
          error: SCRAPE_FAILED_MESSAGE,
          coverage: {
            market: 'none',
            comparables: 0,
            photos: 0,
            reviews: false,
            calendar: false,
            complete: false,
            sections: sections({ photos: PAGE_NOT_READ, amenities: PAGE_NOT_READ, pricing: PAGE_NOT_READ, reviews: PAGE_NOT_READ, availability: PAGE_NOT_READ }),
            offer: { premium: false, basic_only: TYPED_ONLY },
          },
        },
        { status: 503 },
      ),
    );
    await wait(0);
    const premium = screen.getByRole('radio', { name: 'Premium $19.99' });
    expect(premium).toBeDisabled();
    expect(premium).not.toBeChecked();
    expect(premium).toHaveAccessibleDescription(TYPED_ONLY);
    expect(screen.getByRole('radio', { name: 'Basic $4.99' })).toBeChecked();
    expect(screen.getByTestId('coverage-line')).toHaveTextContent('Your report will assess 2 of the 7 sections: title and description.');
    expect(screen.getByTestId('not-assessed')).toHaveTextContent(`Photos, amenities, pricing, reviews and availability (calendar) — ${PAGE_NOT_READ}.`);
    fireEvent.click(premium);
    expect(screen.getByRole('radio', { name: 'Basic $4.99' })).toBeChecked();
    fireEvent.click(screen.getByRole('checkbox', { name: 'Continue with the title and description I type below' }));
    enter(fields().title, 'Beach house by the dunes');
    fireEvent.click(fields().submit);
    await wait(0);
    expect(onSubmit).toHaveBeenCalledWith(expect.objectContaining({ plan: 'basic', useTypedDetails: true }));
    // Payments are off in the test config: the line under the button does not promise a Stripe checkout.
    expect(screen.getByText(/payments are off/)).toHaveTextContent('Basic: payments are off on this server, so the report is made at once, without charge');
  });

  it('names the price and Stripe under the button only when the server takes payment', () => {
    const { unmount } = renderWithRouter(<OptimizeForm paymentsEnabled />);
    expect(screen.getByText(/one-time, secure checkout/)).toHaveTextContent('Basic: $4.99 one-time, secure checkout by Stripe');
    unmount();
    renderWithRouter(<OptimizeForm paymentsEnabled={false} />);
    expect(screen.queryByText(/secure checkout by Stripe/)).toBeNull();
    expect(screen.getByText(/payments are off/)).toBeInTheDocument();
  });

  it('after a sparse read says what was and was not read, with no ✓, and offers Basic only', async () => {
    mockScrapeFetch(() =>
      Response.json({
        success: true,
        error: '',
        title: 'Loft',
        description: 'Nice.',
        listing: { ...SAMPLE_LISTING, sources: { title: 'opengraph', description: 'opengraph' } },
        coverage: {
          market: 'none',
          comparables: 0,
          photos: 0,
          reviews: false,
          calendar: false,
          complete: false,
          read: ['the title', 'a preview of the description'],
          missing: ['photos', 'amenities'],
          sections: sections({ description: 'only a preview of the description was read', photos: 'the page did not show its photos' }),
          offer: { premium: false, basic_only: SPARSE_ONLY },
        },
      }),
    );
    setup();
    enter(fields().url, SAMPLE_URL);
    await wait(SCRAPE_DEBOUNCE_MS);
    const status = screen.getByTestId('listing-summary');
    expect(status).toHaveAttribute('data-read', 'partial');
    expect(status).toHaveTextContent('Read only in part: the title and a preview of the description. Not read: photos and amenities.');
    expect(screen.getByTestId('coverage-line')).toHaveTextContent('Your report will assess 5 of the 7 sections');
    expect(screen.getByTestId('not-assessed')).toHaveTextContent('Description — only a preview of the description was read.');
    expect(screen.getByRole('radio', { name: 'Premium $19.99' })).toBeDisabled();
    expect(screen.getByTestId('premium-refused')).toHaveTextContent(SPARSE_ONLY);
  });

  it('marks the listing read ✓ only when the server says the read is complete', async () => {
    mockScrapeFetch(() =>
      Response.json({
        success: true,
        error: '',
        title: SAMPLE_LISTING.title,
        description: SAMPLE_LISTING.description,
        listing: SAMPLE_LISTING,
        coverage: { market: 'none', comparables: 0, photos: 23, reviews: true, calendar: false, complete: true, sections: sections({}), offer: { premium: true } },
      }),
    );
    setup();
    enter(fields().url, SAMPLE_URL);
    await wait(SCRAPE_DEBOUNCE_MS);
    expect(screen.getByTestId('listing-summary')).toHaveAttribute('data-read', 'complete');
    expect(screen.getByRole('radio', { name: 'Premium $19.99' })).toBeEnabled();
    expect(screen.queryByTestId('premium-refused')).toBeNull();
  });

  it('does not start a read while a submit is in progress', async () => {
    const { requests } = mockScrapeFetch(() => scrapeSuccess());
    let finish: () => void = () => undefined;
    const onSubmit = vi.fn(
      () =>
        new Promise<void>((resolve) => {
          finish = resolve;
        }),
    );
    setup(onSubmit);
    enter(fields().email, 'host@example.com');
    enter(fields().url, SAMPLE_URL);
    fireEvent.click(fields().submit); // before the debounce ran out
    await wait(5000);
    expect(onSubmit).toHaveBeenCalledTimes(1);
    expect(requests).toHaveLength(0);
    expect(fields().title).toHaveValue('');
    await act(async () => {
      finish();
      await Promise.resolve();
    });
  });
});
