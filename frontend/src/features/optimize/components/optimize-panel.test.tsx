import { act, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  REDIRECTING_TO_CHECKOUT_MESSAGE,
  SIGN_IN_TO_CONTINUE_MESSAGE,
  WELCOME_BACK_MESSAGE,
} from '@/lib/messages';
import { type AuthContextValue } from '@/lib/auth/context';
import { createTestAuth, LOADING, SIGNED_OUT, signedIn, TEST_USER } from '@/testing/auth';
import { renderRoutes } from '@/testing/render';
import { AUTO_SUBMIT_DELAY_MS, SIGNUP_REDIRECT_MS } from '../constants';
import { PENDING_OPTIMIZATION_KEY, type PendingOptimization } from '@/lib/draft';
import { SCRAPE_DEBOUNCE_MS } from '../hooks/use-listing-scrape';
import { checkoutNavigation } from '../navigation';
import {
  CHECKOUT_URL,
  checkoutAnswer,
  errorAnswer,
  mockApiFetch,
  OPTIMIZATION_ID,
  optimizeAnswer,
  SAMPLE_RESULT,
  type Answer,
  type Endpoint,
} from '../testing/api-fetch';
import { SAMPLE_URL, scrapeSuccess } from '../testing/scrape-fetch';
import { OptimizePanel } from './optimize-panel';

/**
 * The submit flow (SPEC §4, §7, §8) under fake timers. Text goes in with fireEvent:
 * user-event waits on real timers that fake timers hold back.
 */

const DRAFT: PendingOptimization = {
  listingUrl: 'https://www.airbnb.com/rooms/777',
  email: 'typed-before-signup@example.com',
  title: 'Restored title',
  description: 'Restored description.',
  selectedPlan: 'premium',
};

const ROUTES = { '/': <OptimizePanel />, '*': <p>Elsewhere</p> };

function setup({ auth = createTestAuth(SIGNED_OUT), answers = {} }: { auth?: AuthContextValue; answers?: Partial<Record<Endpoint, Answer>> } = {}) {
  const api = mockApiFetch(answers);
  const { rerenderWith } = renderRoutes(ROUTES, { auth });
  return { ...api, rerenderWith };
}

const fields = () => ({
  url: screen.getByLabelText('Listing URL'),
  email: screen.getByLabelText('Email'),
  title: screen.getByLabelText('Listing title'),
  description: screen.getByLabelText('Listing description'),
  basic: screen.getByRole('radio', { name: 'Basic $4.99' }),
  premium: screen.getByRole('radio', { name: 'Premium $19.99' }),
});
const submitButton = () => screen.getByRole('button', { name: /Optimize My Listing|Redirecting|Taking you/ });
const location = () => screen.getByTestId('location').textContent;
const storedDraft = () => localStorage.getItem(PENDING_OPTIMIZATION_KEY);

function enter(element: HTMLElement, value: string) {
  fireEvent.change(element, { target: { value } });
}

async function wait(ms: number) {
  await act(async () => {
    await vi.advanceTimersByTimeAsync(ms);
  });
}

/** Fills the required fields (the e-mail only when it is not locked) and clicks the button. */
async function fillAndSubmit(values: { url?: string; email?: string; title?: string; description?: string } = {}) {
  if (!fields().email.hasAttribute('readonly')) enter(fields().email, values.email ?? 'host@example.com');
  enter(fields().url, values.url ?? SAMPLE_URL);
  if (values.title !== undefined) enter(fields().title, values.title);
  if (values.description !== undefined) enter(fields().description, values.description);
  fireEvent.click(submitButton()); // well inside the URL's 1 s scrape debounce
  await wait(0);
}

beforeEach(() => {
  localStorage.clear();
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
  localStorage.clear();
});

describe('OptimizePanel: signed-out submit (SPEC §4)', () => {
  it('saves the exact draft, asks to sign in, and goes to /signup after exactly 1500 ms', async () => {
    const { requests } = setup();
    fireEvent.click(fields().premium);
    await fillAndSubmit({ url: ` ${SAMPLE_URL} `, email: 'host@example.com', title: 'My loft', description: 'Quiet.' });

    expect(JSON.parse(storedDraft() ?? 'null')).toStrictEqual({
      listingUrl: SAMPLE_URL,
      email: 'host@example.com',
      title: 'My loft',
      description: 'Quiet.',
      selectedPlan: 'premium',
    });
    expect(screen.getByText(SIGN_IN_TO_CONTINUE_MESSAGE)).toHaveAttribute('role', 'status');
    expect(submitButton()).toBeDisabled();
    expect(requests).toHaveLength(0);

    expect(SIGNUP_REDIRECT_MS).toBe(1500);
    await wait(SIGNUP_REDIRECT_MS - 1);
    expect(location()).toBe('/');
    await wait(1);
    expect(location()).toBe('/signup');
    expect(requests.filter((request) => request.path !== '/scrape')).toHaveLength(0);
  });

  it('saves the Basic plan by default and still validates first', async () => {
    setup();
    fireEvent.click(submitButton());
    await wait(0);
    expect(screen.getByRole('alert')).toHaveTextContent('Please fill in all required fields');
    expect(storedDraft()).toBeNull();

    await fillAndSubmit();
    expect(JSON.parse(storedDraft() ?? 'null')).toMatchObject({ selectedPlan: 'basic', title: '', description: '' });
  });
});

describe('OptimizePanel: return from login or signup (SPEC §4)', () => {
  const signedInAuth = () => createTestAuth(signedIn());

  it('restores the draft, welcomes the host back, submits after exactly 2000 ms and removes the draft', async () => {
    localStorage.setItem(PENDING_OPTIMIZATION_KEY, JSON.stringify(DRAFT));
    const scroll = vi.spyOn(Element.prototype, 'scrollIntoView');
    const assign = vi.spyOn(checkoutNavigation, 'assign').mockImplementation(() => undefined);
    const { of } = setup({ auth: signedInAuth(), answers: { '/create-checkout-session': () => checkoutAnswer() } });

    expect(fields().url).toHaveValue(DRAFT.listingUrl);
    expect(fields().title).toHaveValue(DRAFT.title);
    expect(fields().description).toHaveValue(DRAFT.description);
    expect(fields().email).toHaveValue(TEST_USER.email); // locked to the account (SPEC §5)
    expect(fields().email).toHaveAttribute('readonly');
    expect(fields().premium).toBeChecked();
    expect(screen.getByText(WELCOME_BACK_MESSAGE)).toHaveAttribute('role', 'status');
    // The welcome itself is brought into view, not the top of the long form.
    expect(scroll.mock.contexts).toContain(screen.getByTestId('optimize-notice'));
    expect(scroll).toHaveBeenCalledWith({ block: 'center' });

    expect(AUTO_SUBMIT_DELAY_MS).toBe(2000);
    await wait(AUTO_SUBMIT_DELAY_MS - 1);
    expect(of('/create-checkout-session')).toHaveLength(0);
    expect(storedDraft()).not.toBeNull();
    // The restored URL counts as read: no scrape to overwrite the fields or block the submit.
    expect(of('/scrape')).toHaveLength(0);

    await wait(1);
    await wait(0);
    expect(of('/create-checkout-session')).toHaveLength(1);
    expect(of('/create-checkout-session')[0]?.body).toEqual({
      delivery_type: 'premium',
      form_data: { listingUrl: DRAFT.listingUrl, email: TEST_USER.email, title: DRAFT.title, description: DRAFT.description },
    });
    expect(assign).toHaveBeenCalledWith(CHECKOUT_URL);
    // Kept while the host is at the checkout, to refill the form if they come back unpaid.
    expect(JSON.parse(storedDraft() ?? 'null')).toMatchObject({ listingUrl: DRAFT.listingUrl, selectedPlan: 'premium', resume: 'form' });
    await wait(10_000);
    expect(of('/create-checkout-session')).toHaveLength(1);
    expect(of('/scrape')).toHaveLength(0);
  });

  it('back from checkout unpaid: refills the form as it was, submits nothing and says no welcome', async () => {
    localStorage.setItem(PENDING_OPTIMIZATION_KEY, JSON.stringify({ ...DRAFT, resume: 'form' }));
    const { of } = setup({ auth: signedInAuth(), answers: { '/create-checkout-session': () => checkoutAnswer() } });
    expect(fields().url).toHaveValue(DRAFT.listingUrl);
    expect(fields().title).toHaveValue(DRAFT.title);
    expect(fields().premium).toBeChecked();
    expect(screen.queryByText(WELCOME_BACK_MESSAGE)).toBeNull();
    expect(storedDraft()).toBeNull();
    await wait(AUTO_SUBMIT_DELAY_MS * 2);
    expect(of('/create-checkout-session')).toHaveLength(0);
  });

  it('submits the draft once under StrictMode (effects run twice in development)', async () => {
    localStorage.setItem(PENDING_OPTIMIZATION_KEY, JSON.stringify(DRAFT));
    const { of } = mockApiFetch({ '/create-checkout-session': () => errorAnswer(500) });
    renderRoutes(ROUTES, { auth: signedInAuth(), strict: true });
    expect(fields().title).toHaveValue(DRAFT.title);
    await wait(AUTO_SUBMIT_DELAY_MS);
    await wait(AUTO_SUBMIT_DELAY_MS);
    expect(of('/create-checkout-session')).toHaveLength(1);
    expect(of('/scrape')).toHaveLength(0);
  });

  it('waits for auth to finish loading before restoring', async () => {
    localStorage.setItem(PENDING_OPTIMIZATION_KEY, JSON.stringify(DRAFT));
    const { of, rerenderWith } = setup({ auth: createTestAuth(LOADING), answers: { '/create-checkout-session': () => checkoutAnswer(null) } });
    expect(fields().url).toHaveValue('');
    await wait(AUTO_SUBMIT_DELAY_MS * 2);
    expect(of('/create-checkout-session')).toHaveLength(0);
    expect(storedDraft()).not.toBeNull();

    rerenderWith(signedInAuth());
    expect(fields().url).toHaveValue(DRAFT.listingUrl);
    expect(screen.getByText(WELCOME_BACK_MESSAGE)).toBeInTheDocument();
  });

  it('does not restore for a signed-out visitor (the draft waits)', async () => {
    localStorage.setItem(PENDING_OPTIMIZATION_KEY, JSON.stringify(DRAFT));
    const { requests } = setup();
    await wait(AUTO_SUBMIT_DELAY_MS * 2);
    expect(fields().url).toHaveValue('');
    expect(screen.queryByText(WELCOME_BACK_MESSAGE)).toBeNull();
    expect(requests).toHaveLength(0);
    expect(storedDraft()).not.toBeNull();
  });

  it.each([
    ['bad JSON', '{"listingUrl":"https://www.airbnb.com/rooms/1"'],
    ['missing fields', JSON.stringify({ listingUrl: DRAFT.listingUrl })],
    ['an unknown plan', JSON.stringify({ ...DRAFT, selectedPlan: 'gold' })],
  ])('removes and ignores a malformed draft (%s)', async (_case, raw) => {
    localStorage.setItem(PENDING_OPTIMIZATION_KEY, raw);
    const { requests } = setup({ auth: signedInAuth() });
    expect(storedDraft()).toBeNull();
    expect(fields().url).toHaveValue('');
    expect(screen.queryByText(WELCOME_BACK_MESSAGE)).toBeNull();
    await wait(AUTO_SUBMIT_DELAY_MS * 2);
    expect(requests).toHaveLength(0);
  });

  it('keeps the restored form for a retry by hand when the auto-submit fails', async () => {
    localStorage.setItem(PENDING_OPTIMIZATION_KEY, JSON.stringify(DRAFT));
    const reason = 'Unsupported listing URL.';
    const { of } = setup({ auth: signedInAuth(), answers: { '/create-checkout-session': () => errorAnswer(400, reason) } });
    await wait(AUTO_SUBMIT_DELAY_MS);
    await wait(0);
    const alert = screen.getByRole('alert');
    expect(within(alert).getByText('Payment error: 400')).toBeInTheDocument();
    expect(within(alert).getByText(reason)).toBeInTheDocument();
    expect(screen.queryByText(WELCOME_BACK_MESSAGE)).toBeNull();
    expect(storedDraft()).toBeNull();
    expect(fields().title).toHaveValue(DRAFT.title);
    expect(submitButton()).toBeEnabled();

    fireEvent.click(submitButton());
    await wait(0);
    expect(of('/create-checkout-session')).toHaveLength(2);
  });

  it('a submit by hand before the 2 s replaces the automatic one', async () => {
    localStorage.setItem(PENDING_OPTIMIZATION_KEY, JSON.stringify(DRAFT));
    vi.spyOn(checkoutNavigation, 'assign').mockImplementation(() => undefined);
    const { of } = setup({ auth: signedInAuth(), answers: { '/create-checkout-session': () => errorAnswer(500) } });
    await wait(500);
    fireEvent.click(submitButton());
    await wait(0);
    expect(of('/create-checkout-session')).toHaveLength(1);
    expect(storedDraft()).toBeNull();
    await wait(AUTO_SUBMIT_DELAY_MS * 2);
    expect(of('/create-checkout-session')).toHaveLength(1);
  });

  it('a URL typed after the restore is read again as usual', async () => {
    localStorage.setItem(PENDING_OPTIMIZATION_KEY, JSON.stringify(DRAFT));
    const { of } = setup({ auth: signedInAuth(), answers: { '/scrape': () => scrapeSuccess(), '/create-checkout-session': () => errorAnswer(500) } });
    await wait(AUTO_SUBMIT_DELAY_MS);
    await wait(0);
    enter(fields().url, SAMPLE_URL);
    await wait(SCRAPE_DEBOUNCE_MS);
    expect(of('/scrape')).toHaveLength(1);
  });
});

describe('OptimizePanel: signed-in submit (SPEC §4, §7, §8)', () => {
  const auth = () => createTestAuth(signedIn());

  it('creates the checkout session with the ID token and goes to the checkout URL', async () => {
    const assign = vi.spyOn(checkoutNavigation, 'assign').mockImplementation(() => undefined);
    const { of } = setup({ auth: auth(), answers: { '/create-checkout-session': () => checkoutAnswer() } });
    await fillAndSubmit({ title: 'T', description: 'D' });
    const [request] = of('/create-checkout-session');
    expect(request?.headers).toMatchObject({ Authorization: 'Bearer test-id-token' });
    expect(request?.body).toEqual({
      delivery_type: 'basic',
      form_data: { listingUrl: SAMPLE_URL, email: TEST_USER.email, title: 'T', description: 'D' },
    });
    expect(assign).toHaveBeenCalledExactlyOnceWith(CHECKOUT_URL);
    expect(of('/optimize')).toHaveLength(0);
    const button = screen.getByRole('button', { name: REDIRECTING_TO_CHECKOUT_MESSAGE });
    expect(button).toBeDisabled();
    fireEvent.submit(screen.getByRole('form', { name: 'Optimize your listing' }));
    await wait(0);
    expect(of('/create-checkout-session')).toHaveLength(1);
  });

  it('frees the button when the browser shows the page again from its back/forward cache', async () => {
    vi.spyOn(checkoutNavigation, 'assign').mockImplementation(() => undefined);
    setup({ auth: auth(), answers: { '/create-checkout-session': () => checkoutAnswer() } });
    await fillAndSubmit();
    expect(screen.getByRole('button', { name: REDIRECTING_TO_CHECKOUT_MESSAGE })).toBeDisabled();
    act(() => {
      window.dispatchEvent(new PageTransitionEvent('pageshow', { persisted: true }));
    });
    expect(screen.getByRole('button', { name: 'Optimize My Listing' })).toBeEnabled();
  });

  it('disables the button while submitting', async () => {
    const { of } = setup({ auth: auth() });
    await fillAndSubmit();
    expect(of('/create-checkout-session')).toHaveLength(1);
    expect(submitButton()).toBeDisabled();
    expect(submitButton()).toHaveAttribute('aria-busy', 'true');
    fireEvent.submit(screen.getByRole('form', { name: 'Optimize your listing' }));
    await wait(0);
    expect(of('/create-checkout-session')).toHaveLength(1);

    of('/create-checkout-session')[0]?.respond(errorAnswer(500));
    await wait(0);
    expect(submitButton()).toBeEnabled();
  });

  it.each([
    [400, 'Unsupported listing URL. Paste a public listing link from Airbnb, Vrbo or Booking.com.', 'Unsupported listing URL. Paste a public listing link from Airbnb, Vrbo or Booking.com.'],
    [400, undefined, 'We could not use what the form sent. Check the listing link (it looks like https://www.airbnb.com/rooms/12345678) and send it again. Nothing was charged.'],
    [500, 'Something went wrong on our side.', 'Something went wrong on our side.'],
    // A server fault without a message still says what happened and what to do.
    [500, undefined, 'Something went wrong on our side, not with your listing. Nothing more was charged: try again in a few minutes, or write to support if it keeps happening.'],
  ])('shows "Payment error: %i" with the server’s message (%s) under it', async (status, reason, shown) => {
    const assign = vi.spyOn(checkoutNavigation, 'assign');
    setup({ auth: auth(), answers: { '/create-checkout-session': () => errorAnswer(status, reason) } });
    await fillAndSubmit();
    const alert = screen.getByRole('alert');
    const lines = Array.from(alert.querySelectorAll('span.block'), (line) => line.textContent);
    expect(lines).toEqual([`Payment error: ${status}`, shown]);
    expect(assign).not.toHaveBeenCalled();
    expect(submitButton()).toBeEnabled();
  });

  it('payments off: optimizes directly with the SPEC body and shows the result in place', async () => {
    const { of } = setup({
      auth: auth(),
      answers: { '/create-checkout-session': () => checkoutAnswer(null), '/optimize': () => optimizeAnswer() },
    });
    fireEvent.click(fields().premium);
    await fillAndSubmit({ title: 'My title', description: 'My description' });
    await wait(0);

    expect(of('/optimize')).toHaveLength(1);
    expect(of('/optimize')[0]?.headers).toMatchObject({ Authorization: 'Bearer test-id-token' });
    expect(of('/optimize')[0]?.body).toStrictEqual({
      url: SAMPLE_URL,
      title: '',
      description: '',
      email: TEST_USER.email,
      reviews: '',
      wants_pdf: true,
      wants_email: true,
      image_url: '',
      optimization_id: OPTIMIZATION_ID,
    });

    const result = screen.getByTestId('optimize-result');
    expect(within(result).getByRole('heading', { name: 'Your optimized listing' })).toBeInTheDocument();
    expect(result).toHaveFocus();
    expect(within(result).getByTestId('optimized-title')).toHaveTextContent(SAMPLE_RESULT.optimized_title);
    expect(within(within(result).getByTestId('title-suggestions')).getAllByRole('listitem').map((li) => li.textContent)).toEqual(
      SAMPLE_RESULT.title_suggestions.slice(0, 3),
    );
    expect(result).not.toHaveTextContent('Fourth title that is not shown');
    expect(Array.from(within(result).getByTestId('optimized-description').querySelectorAll('p'), (p) => p.textContent)).toEqual([
      'Wake up to the canal from a bright two-bedroom loft.',
      'Five minutes from the station.\nShops on the corner.',
    ]);
    expect(within(within(result).getByTestId('suggested-amenities')).getAllByRole('listitem').map((li) => li.textContent)).toEqual([
      'Coffee maker: guests ask for it',
      'Desk: remote workers',
      'Blackout curtains: light sleepers',
      'Fan: summer',
      'Board games: families',
    ]);
    expect(within(result).getByRole('link', { name: 'View full report' })).toHaveAttribute(
      'href',
      `/payment-success?session_id=${OPTIMIZATION_ID}`,
    );
    expect(within(result).getByRole('link', { name: 'View Dashboard' })).toHaveAttribute('href', '/dashboard');
    expect(screen.queryByRole('alert')).toBeNull();
    expect(submitButton()).toBeEnabled();
  });

  it('sends wants_pdf and wants_email false for Basic', async () => {
    const { of } = setup({
      auth: auth(),
      answers: { '/create-checkout-session': () => checkoutAnswer(null), '/optimize': () => optimizeAnswer() },
    });
    await fillAndSubmit();
    await wait(0);
    expect(of('/optimize')[0]?.body).toMatchObject({ wants_pdf: false, wants_email: false });
  });

  it('shows model output as text, never as HTML', async () => {
    const html = '<img src=x onerror="alert(1)"><b>bold</b>';
    setup({
      auth: auth(),
      answers: {
        '/create-checkout-session': () => checkoutAnswer(null),
        '/optimize': () => optimizeAnswer({ title_suggestions: [html], optimized_title: html, optimized_description: html, suggested_amenities: html }),
      },
    });
    await fillAndSubmit();
    await wait(0);
    const result = screen.getByTestId('optimize-result');
    expect(result.querySelector('img, b')).toBeNull();
    expect(within(result).getByTestId('optimized-title')).toHaveTextContent(html);
  });

  it.each([
    ['a non-OK answer', () => errorAnswer(500), ['Optimization error: 500', 'Something went wrong on our side, not with your listing. Nothing more was charged: try again in a few minutes, or write to support if it keeps happening.']],
    ['a non-OK answer with a reason', () => errorAnswer(403, 'Payments are on.'), ['Optimization error: 403', 'Payments are on.']],
    ['{success: false, error}', () => Response.json({ success: false, error: 'The listing could not be read.' }), ['The listing could not be read.']],
    ['{success: false}', () => Response.json({ success: false }), ['Optimization failed']],
  ])('shows the optimize error for %s', async (_case, answer, lines) => {
    setup({ auth: auth(), answers: { '/create-checkout-session': () => checkoutAnswer(null), '/optimize': answer } });
    await fillAndSubmit();
    await wait(0);
    const alert = screen.getByRole('alert');
    expect(Array.from(alert.querySelectorAll('span.block'), (line) => line.textContent)).toEqual(lines);
    expect(screen.queryByTestId('optimize-result')).toBeNull();
    expect(submitButton()).toBeEnabled();
  });

  it('clears an earlier result when submitting again', async () => {
    let answer: Answer = () => optimizeAnswer();
    setup({ auth: auth(), answers: { '/create-checkout-session': () => checkoutAnswer(null), '/optimize': (request) => answer(request) } });
    await fillAndSubmit();
    await wait(0);
    expect(screen.getByTestId('optimize-result')).toBeInTheDocument();
    answer = () => errorAnswer(500);
    fireEvent.click(submitButton());
    await wait(0);
    expect(screen.queryByTestId('optimize-result')).toBeNull();
    expect(screen.getByRole('alert')).toHaveTextContent('Optimization error: 500');
  });
});
