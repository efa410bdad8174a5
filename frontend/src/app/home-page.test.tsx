import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { mockScrapeFetch } from '@/features/optimize/testing/scrape-fetch';
import { createTestAuth, signedIn } from '@/testing/auth';
import { renderWithRouter } from '@/testing/render';
import { loadAllParts } from '@/lib/when-visible';
import { HomePage } from './home-page';

/**
 * The landing page at `route` with every part that loads as the visitor scrolls
 * (lib/when-visible) loaded: the form, the sections below the first screen, the footer.
 */
async function renderHome(options?: Parameters<typeof renderWithRouter>[1]) {
  // Rendered in an awaited act(), so React retries the parts that suspended while loading.
  const view = await act(() => Promise.resolve(renderWithRouter(<HomePage />, options)));
  await screen.findByLabelText('Listing URL');
  await screen.findAllByTestId('faq');
  await screen.findByRole('contentinfo');
  await screen.findAllByTestId('feature-card');
  await screen.findAllByTestId('testimonial');
  await screen.findByTestId('pricing-basic');
  return view;
}

describe('HomePage (the landing page with the optimize form)', () => {
  // The parts' modules, imported once before the tests (a first import can take seconds).
  beforeAll(() => loadAllParts(), 60_000);

  beforeEach(() => {
    // A URL typed into the form is read after 1 s; keep any such request off the network.
    mockScrapeFetch();
  });

  it('renders the landmarks and the four primary nav anchors', async () => {
    await renderHome();
    expect(screen.getByRole('banner')).toBeInTheDocument();
    expect(screen.getByRole('main')).toBeInTheDocument();
    expect(screen.getByRole('contentinfo')).toHaveAttribute('id', 'contact');
    expect(screen.getByRole('heading', { level: 1 })).toBeInTheDocument();

    const nav = screen.getByRole('navigation', { name: 'Primary' });
    const hrefs = within(nav)
      .getAllByRole('link')
      .map((a) => a.getAttribute('href'));
    expect(hrefs.filter((h) => h?.startsWith('#'))).toEqual(['#features', '#pricing', '#testimonials', '#contact']);
    expect(within(nav).getByRole('link', { name: 'Login' })).toHaveAttribute('href', '/login');
    expect(within(nav).getByRole('link', { name: 'Sign Up' })).toHaveAttribute('href', '/signup');
  });

  it('has the sections with their anchors and counts', async () => {
    const { container } = await renderHome();
    for (const id of ['features', 'optimize', 'testimonials', 'pricing', 'contact']) {
      expect(container.querySelector(`#${id}`)).not.toBeNull();
    }
    expect(screen.getAllByTestId('feature-card')).toHaveLength(8);
    for (const card of screen.getAllByTestId('feature-card')) {
      expect(within(card).getByRole('heading', { level: 3 })).toBeInTheDocument();
    }
    expect(screen.getAllByTestId('testimonial')).toHaveLength(3);
    expect(screen.getAllByTestId('faq')).toHaveLength(3);
  });

  it('shows both prices with plan links that preselect and scroll to the form', async () => {
    await renderHome();
    const basic = screen.getByTestId('pricing-basic');
    const premium = screen.getByTestId('pricing-premium');
    expect(within(basic).getByText('$4.99')).toBeInTheDocument();
    expect(within(premium).getByText('$19.99')).toBeInTheDocument();
    expect(within(basic).getByRole('link', { name: 'Choose Basic' })).toHaveAttribute('href', '/?package=basic#optimize');
    expect(within(premium).getByRole('link', { name: 'Choose Premium' })).toHaveAttribute(
      'href',
      '/?package=premium#optimize',
    );
  });

  it('states the FAQ claims', async () => {
    await renderHome();
    const text = screen
      .getAllByTestId('faq')
      .map((f) => f.textContent)
      .join(' ');
    expect(text).toContain('50+ factors');
    expect(text).toMatch(/pay only the difference/);
  });

  it('has the contact e-mail and the data credit in the footer', async () => {
    await renderHome();
    const footer = screen.getByRole('contentinfo');
    expect(within(footer).getByRole('link', { name: 'support@listinglift.app' })).toHaveAttribute(
      'href',
      'mailto:support@listinglift.app',
    );
    expect(within(footer).getByText('Market data: Inside Airbnb (CC BY 4.0)')).toBeInTheDocument();
    expect(within(footer).getByText(/© \d{4} ListingLift/)).toBeInTheDocument();
  });

  it('selects Basic by default', async () => {
    await renderHome();
    expect(screen.getByRole('radio', { name: /Basic/ })).toBeChecked();
    expect(screen.getByRole('radio', { name: /Premium/ })).not.toBeChecked();
  });

  it.each([
    ['/?package=premium', 'Premium'],
    ['/?package=basic', 'Basic'],
    ['/?package=unknown', 'Basic'],
  ])('preselects the plan from %s', async (route, plan) => {
    await renderHome({ route });
    expect(screen.getByRole('radio', { name: new RegExp(plan) })).toBeChecked();
  });

  it('switches plan when a pricing button is used, keeping what was typed', async () => {
    const user = userEvent.setup();
    await renderHome();
    await user.type(screen.getByLabelText('Listing URL'), 'https://www.airbnb.com/rooms/1');
    await user.click(within(screen.getByTestId('pricing-premium')).getByRole('link', { name: 'Choose Premium' }));
    expect(screen.getByRole('radio', { name: /Premium/ })).toBeChecked();
    expect(screen.getByLabelText('Listing URL')).toHaveValue('https://www.airbnb.com/rooms/1');
  });

  it('shows a signed-in user instead of Login and Sign Up', async () => {
    await renderHome({ auth: createTestAuth(signedIn({ displayName: 'Ana Host', email: 'ana@example.com' })) });
    const nav = screen.getByRole('navigation', { name: 'Primary' });
    expect(within(nav).getByText('Welcome Ana Host')).toBeInTheDocument();
    expect(within(nav).getByRole('link', { name: 'Dashboard' })).toHaveAttribute('href', '/dashboard');
    expect(within(nav).getByRole('button', { name: 'Logout' })).toBeInTheDocument();
    expect(within(nav).queryByRole('link', { name: 'Login' })).toBeNull();
    // The e-mail is locked to the account's.
    expect(screen.getByLabelText('Email')).toHaveValue('ana@example.com');
    expect(screen.getByLabelText('Email')).toHaveAttribute('readonly');
  });
});
