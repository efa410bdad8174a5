import { act, screen, within } from '@testing-library/react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { MemoryRouter } from '@/lib/router';
import { type AuthContextValue } from '@/lib/auth/context';
import { PENDING_OPTIMIZATION_KEY } from '@/lib/draft';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { mockScrapeFetch } from '@/features/optimize/testing/scrape-fetch';
import { createTestAuth, LOADING, signedIn, TestAuthProvider } from '@/testing/auth';
import { renderRoutes, renderWithRouter } from '@/testing/render';
import { SignupPage } from '@/features/auth/components/signup-page';
import { RoutedOptimizePanel } from '@/features/optimize/components/optimize-panel';
import { HomePage } from './home-page';

describe('HomePage (the landing page with the optimize form)', () => {
  beforeEach(() => {
    // A URL typed into the form is read after 1 s; keep any such request off the network.
    mockScrapeFetch();
  });

  it('after sign-up without a saved order, the host lands on the optimize form with its listing field focused', async () => {
    renderRoutes({ '/signup': <SignupPage />, '/': <HomePage /> }, { route: '/signup', auth: createTestAuth(signedIn()) });
    expect(await screen.findByTestId('location')).toHaveTextContent(/^\/#optimize$/);
    expect(screen.getByLabelText('Listing URL')).toHaveFocus();
  });

  it('hydrates the prerendered form without a mismatch while a saved checkout form waits, and refills it once signed in', async () => {
    // The build draws "/" with the session still loading (issue 43: React error #418 on /#optimize
    // with a saved checkout form): the draft is read only once the page is hydrated.
    const form = (auth: AuthContextValue) => (
      <TestAuthProvider value={auth}>
        <MemoryRouter initialEntries={['/']}>
          <RoutedOptimizePanel />
        </MemoryRouter>
      </TestAuthProvider>
    );
    const container = document.body.appendChild(document.createElement('div'));
    try {
      container.innerHTML = renderToString(form(createTestAuth(LOADING)));
      const draft = { listingUrl: 'https://www.airbnb.com/rooms/777', email: 'ana@example.com', title: 'Kept for checkout', description: '', selectedPlan: 'premium', resume: 'form' };
      localStorage.setItem(PENDING_OPTIMIZATION_KEY, JSON.stringify(draft));
      const mismatches: unknown[] = [];
      let root: ReturnType<typeof hydrateRoot> | undefined;
      await act(async () => {
        root = hydrateRoot(container, form(createTestAuth(LOADING)), { onRecoverableError: (error) => mismatches.push(error) });
        await Promise.resolve();
      });
      expect(mismatches).toEqual([]);
      expect(within(container).getByLabelText('Listing URL')).toHaveValue('');
      await act(async () => {
        root?.render(form(createTestAuth(signedIn())));
        await Promise.resolve();
      });
      expect(within(container).getByLabelText('Listing URL')).toHaveValue(draft.listingUrl);
      expect(within(container).getByLabelText('Listing title')).toHaveValue(draft.title);
      act(() => root?.unmount());
    } finally {
      container.remove();
      localStorage.clear();
    }
  });

  it('opened plainly, the page takes no focus', () => {
    renderWithRouter(<HomePage />);
    expect(screen.getByLabelText('Listing URL')).not.toHaveFocus();
  });

  it('renders the landmarks and the four primary nav anchors', () => {
    renderWithRouter(<HomePage />);
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

  it('has the sections with their anchors and counts', () => {
    const { container } = renderWithRouter(<HomePage />);
    for (const id of ['features', 'optimize', 'testimonials', 'pricing', 'contact']) {
      expect(container.querySelector(`#${id}`)).not.toBeNull();
    }
    expect(screen.getAllByTestId('feature-card')).toHaveLength(8);
    for (const card of screen.getAllByTestId('feature-card')) {
      expect(within(card).getByRole('heading', { level: 3 })).toBeInTheDocument();
    }
    expect(screen.getAllByTestId('testimonial')).toHaveLength(3);
    expect(screen.getAllByTestId('faq')).toHaveLength(4);
  });

  it('shows both prices with plan links that preselect and scroll to the form', () => {
    renderWithRouter(<HomePage />);
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

  it('states the FAQ claims', () => {
    renderWithRouter(<HomePage />);
    const text = screen
      .getAllByTestId('faq')
      .map((f) => f.textContent)
      .join(' ');
    expect(text).toContain('50+ factors');
    expect(text).toMatch(/pay only the difference/);
  });

  it('has the contact e-mail and the data credit in the footer', () => {
    renderWithRouter(<HomePage />);
    const footer = screen.getByRole('contentinfo');
    expect(within(footer).getByRole('link', { name: 'support@listinglift.app' })).toHaveAttribute(
      'href',
      'mailto:support@listinglift.app',
    );
    expect(within(footer).getByText('Market data: Inside Airbnb (CC BY 4.0)')).toBeInTheDocument();
    expect(within(footer).getByText(/© \d{4} ListingLift/)).toBeInTheDocument();
  });

  it('selects Basic by default', () => {
    renderWithRouter(<HomePage />);
    expect(screen.getByRole('radio', { name: /Basic/ })).toBeChecked();
    expect(screen.getByRole('radio', { name: /Premium/ })).not.toBeChecked();
  });

  it.each([
    ['/?package=premium', 'Premium'],
    ['/?package=basic', 'Basic'],
    ['/?package=unknown', 'Basic'],
  ])('preselects the plan from %s', (route, plan) => {
    renderWithRouter(<HomePage />, { route });
    expect(screen.getByRole('radio', { name: new RegExp(plan) })).toBeChecked();
  });

  it('switches plan when a pricing button is used, keeping what was typed', async () => {
    const user = userEvent.setup();
    renderWithRouter(<HomePage />);
    await user.type(screen.getByLabelText('Listing URL'), 'https://www.airbnb.com/rooms/1');
    await user.click(within(screen.getByTestId('pricing-premium')).getByRole('link', { name: 'Choose Premium' }));
    expect(screen.getByRole('radio', { name: /Premium/ })).toBeChecked();
    expect(screen.getByLabelText('Listing URL')).toHaveValue('https://www.airbnb.com/rooms/1');
  });

  it('shows a signed-in user instead of Login and Sign Up', () => {
    renderWithRouter(<HomePage />, { auth: createTestAuth(signedIn({ displayName: 'Ana Host', email: 'ana@example.com' })) });
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
