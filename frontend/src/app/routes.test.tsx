import { render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider, type RouteObject } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { RouteError } from '@/components/errors/route-error';
import { AppErrorBoundary } from '@/components/errors/app-error-boundary';
import { loadChunk } from '@/lib/load-chunk';
import { createTestAuth, TestAuthProvider } from '@/testing/auth';
import { routes } from './routes';

function renderAt(path: string, routeObjects: RouteObject[] = routes) {
  const router = createMemoryRouter(routeObjects, { initialEntries: [path] });
  return render(
    <TestAuthProvider value={createTestAuth()}>
      <RouterProvider router={router} />
    </TestAuthProvider>,
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
    const failing: RouteObject[] = [
      {
        path: '/',
        ErrorBoundary: RouteError,
        children: [
          {
            path: 'broken',
            lazy: async () => {
              await loadChunk(() => Promise.reject(new TypeError('Failed to fetch dynamically imported module')));
              return {};
            },
          },
        ],
      },
    ];
    renderAt('/broken', failing);
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
    renderAt('/', [{ path: '/', ErrorBoundary: RouteError, Component: Boom }]);
    expect(await screen.findByRole('heading', { name: 'Something went wrong. Please try again.' })).toBeInTheDocument();
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
