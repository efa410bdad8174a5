import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
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
    const onLogout = vi.fn();
    renderWithRouter(<LandingNav user={{ displayName: null, email: 'host@example.com' }} onLogout={onLogout} />);
    expect(screen.getByText('Welcome host@example.com')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Logout' }));
    expect(onLogout).toHaveBeenCalledOnce();
  });
});
