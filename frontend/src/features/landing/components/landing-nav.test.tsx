import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { createTestAuth, LOADING, SIGNED_OUT, signedIn } from '@/testing/auth';
import { renderWithRouter } from '@/testing/render';
import { LandingNav } from './landing-nav';

describe('LandingNav', () => {
  it('toggles the mobile menu with aria-expanded', async () => {
    const user = userEvent.setup();
    renderWithRouter(<LandingNav />);
    const toggle = screen.getByRole('button', { name: 'Menu' });
    const nav = screen.getByRole('navigation', { name: 'Primary', hidden: true });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(toggle).toHaveAttribute('aria-controls', nav.id);

    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');

    // Following a link closes the menu.
    await user.click(within(nav).getByRole('link', { name: 'Pricing' }));
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
  });

  it('closes on Escape and returns focus to the toggle', async () => {
    const user = userEvent.setup();
    renderWithRouter(<LandingNav />);
    const toggle = screen.getByRole('button', { name: 'Menu' });
    await user.click(toggle);
    await user.keyboard('{Escape}');
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(toggle).toHaveFocus();
  });

  it('greets a signed-in user by e-mail when there is no name, and logs out', async () => {
    const user = userEvent.setup();
    const auth = createTestAuth(signedIn({ displayName: null, email: 'host@example.com' }));
    renderWithRouter(<LandingNav />, { auth });
    expect(screen.getByText('Welcome host@example.com')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Logout' }));
    expect(auth.signOut).toHaveBeenCalledOnce();
  });

  it('greets a signed-in user by name, with a Dashboard link and Logout, and no Login or Sign Up', () => {
    renderWithRouter(<LandingNav />, { auth: createTestAuth(signedIn({ displayName: 'Ana Host' })) });
    const nav = screen.getByRole('navigation', { name: 'Primary', hidden: true });
    expect(within(nav).getByText('Welcome Ana Host')).toBeInTheDocument();
    expect(within(nav).getByRole('link', { name: 'Dashboard', hidden: true })).toHaveAttribute('href', '/dashboard');
    expect(within(nav).getByRole('button', { name: 'Logout', hidden: true })).toBeInTheDocument();
    expect(within(nav).queryByRole('link', { name: 'Login', hidden: true })).toBeNull();
    expect(within(nav).queryByRole('link', { name: 'Sign Up', hidden: true })).toBeNull();
  });

  it('shows Login and Sign Up when signed out, and no Dashboard link', () => {
    renderWithRouter(<LandingNav />, { auth: createTestAuth(SIGNED_OUT) });
    const nav = screen.getByRole('navigation', { name: 'Primary', hidden: true });
    expect(within(nav).getByRole('link', { name: 'Login', hidden: true })).toHaveAttribute('href', '/login');
    expect(within(nav).getByRole('link', { name: 'Sign Up', hidden: true })).toHaveAttribute('href', '/signup');
    expect(within(nav).queryByRole('link', { name: 'Dashboard', hidden: true })).toBeNull();
    expect(within(nav).queryByText(/Welcome/)).toBeNull();
  });

  it('shows neither while the auth state is loading, only a placeholder', () => {
    renderWithRouter(<LandingNav />, { auth: createTestAuth(LOADING) });
    const nav = screen.getByRole('navigation', { name: 'Primary', hidden: true });
    expect(within(nav).getByTestId('account-nav-loading')).toHaveAttribute('aria-hidden', 'true');
    for (const name of ['Login', 'Sign Up', 'Dashboard']) {
      expect(within(nav).queryByRole('link', { name, hidden: true })).toBeNull();
    }
    expect(within(nav).queryByRole('button', { name: 'Logout', hidden: true })).toBeNull();
    expect(within(nav).queryByText(/Welcome/)).toBeNull();
  });
});
