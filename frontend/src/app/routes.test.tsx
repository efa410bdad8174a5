import { render, screen } from '@testing-library/react';
import { type ReactElement } from 'react';
import { MemoryRouter, Route, Routes } from '@/lib/router';
import { describe, expect, it, vi } from 'vitest';
import { AppErrorBoundary } from '@/components/errors/app-error-boundary';
import { createTestAuth, TestAuthProvider } from '@/testing/auth';
import { needsSignIn, pageAt, pages } from './pages';
import { RootLayout } from './root-layout';
import { AppRoutes, lazyPage } from './routes';

function renderAt(path: string, routes: ReactElement = <AppRoutes />) {
  return render(
    <TestAuthProvider value={createTestAuth()}>
      <MemoryRouter initialEntries={[path]}>{routes}</MemoryRouter>
    </TestAuthProvider>,
  );
}

/** `element` at /page under the app's layout (its error and loading boundaries). */
function underLayout(element: ReactElement) {
  return (
    <Routes>
      <Route element={<RootLayout />}>
        <Route path="page" element={element} />
      </Route>
    </Routes>
  );
}

describe('routes', () => {
  it('renders the landing page at /', async () => {
    renderAt('/');
    expect(await screen.findByRole('heading', { level: 1, name: /costing you bookings/ })).toBeInTheDocument();
  });

  it.each([
    ['/login', 'Log in', 'Sign Up'],
    ['/signup', 'Create your account', 'Login'],
    ['/dashboard', 'Access Denied', 'Go to Login'],
  ])('lazily renders %s (signed out)', async (path, heading, link) => {
    renderAt(path);
    expect(await screen.findByRole('heading', { level: 1, name: heading })).toBeInTheDocument();
    expect(screen.getAllByRole('link', { name: link }).length).toBeGreaterThan(0);
  });

  it.each([
    ['/payment-cancel', 'Payment cancelled', 'Back to Home', '/'],
    ['/payment-error', 'Payment Processing Error', 'Try Again', '/#optimize'],
    ['/payment-success', 'Error Loading Results', 'Go Home', '/'],
    ['/terms', 'Terms of service', 'Privacy', '/privacy'],
    ['/privacy', 'Privacy policy', 'Refund policy', '/refunds'],
    ['/refunds', 'Refund policy', 'Terms', '/terms'],
    // An e-mail's Watch link without its token: nothing posted, the way to the dashboard.
    ['/watch', 'This link does not work', 'Go to your dashboard', '/dashboard'],
  ])('lazily renders %s', async (path, heading, link, href) => {
    renderAt(path);
    expect(await screen.findByRole('heading', { level: 1, name: heading })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: link })).toHaveAttribute('href', href);
  });

  it.each([
    ['/nope', 'Page not found'],
    ['/payment-cancel/extra', 'Page not found'],
  ])('lazily renders %s', async (path, heading) => {
    renderAt(path);
    expect(await screen.findByRole('heading', { level: 1, name: heading })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to home' })).toHaveAttribute('href', '/');
  });

  it('shows "Loading chunk failed" with a retry when a page chunk fails', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const Broken = lazyPage(
      () => Promise.reject(new TypeError('Failed to fetch dynamically imported module')),
      () => () => null,
    );
    renderAt('/page', underLayout(<Broken />));
    expect(await screen.findByRole('heading', { name: 'Loading chunk failed' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Retry' })).toBeInTheDocument();
    expect(error).not.toHaveBeenCalledWith('ListingLift: route error', expect.anything());
  });

  it('shows the generic message when a page throws', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const Boom = () => {
      throw new Error('boom');
    };
    renderAt('/page', underLayout(<Boom />));
    expect(await screen.findByRole('heading', { name: 'Something went wrong. Please try again.' })).toBeInTheDocument();
  });
});

describe('pageAt', () => {
  it.each([
    ['/', pages.home],
    ['/login', pages.login],
    ['/login/', pages.login],
    ['/Signup', pages.signup],
    ['/payment-success', pages.paymentSuccess],
    ['/shared/abc123', pages.sharedReport],
    ['/shared/abc/extra', pages.notFound],
    ['/refunds', pages.legal],
    ['/watch', pages.watchLink],
    ['/payment-cancel/extra', pages.notFound],
    ['/nope', pages.notFound],
  ])('fetches the chunk of %s ahead of the app', (path, chunk) => {
    expect(pageAt(path)).toBe(chunk);
  });
});

describe('needsSignIn', () => {
  it.each([
    ['/dashboard', true],
    ['/payment-success', true],
    ['/login', true],
    ['/terms', false],
    ['/shared/abc123', false],
    ['/watch', false],
    ['/', false],
  ])('%s: %s', (path, needed) => {
    expect(needsSignIn(path)).toBe(needed);
  });
});

describe('AppErrorBoundary', () => {
  it('shows "Something went wrong. Please try again." for an uncaught error', () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const Boom = () => {
      throw new Error('boom');
    };
    render(
      <AppErrorBoundary>
        <Boom />
      </AppErrorBoundary>,
    );
    expect(screen.getByRole('heading', { name: 'Something went wrong. Please try again.' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });
});
