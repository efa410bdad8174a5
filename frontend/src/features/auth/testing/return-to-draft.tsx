/**
 * The tests of SPEC §4 "Return from login or signup" that the login and the signup page
 * share: with a pending optimization draft in localStorage, signing in or up (with a
 * password or with Google) goes to the form at /#optimize; without one, to the page's
 * `home`: / after logging in, the optimize form (/#optimize, its listing field focused)
 * after signing up, a new account's next step.
 */
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { type ReactElement } from 'react';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { createTestAuth, signedIn, type TestAuth } from '@/testing/auth';
import { renderRoutes } from '@/testing/render';

const DRAFT = {
  listingUrl: 'https://www.airbnb.com/rooms/777',
  email: 'host@example.com',
  title: '',
  description: '',
  selectedPlan: 'basic',
};

export interface ReturnToDraftCase {
  /** The page under test, rendered at `path`. */
  page: ReactElement;
  path: string;
  /** What the test names say the user does: "signing in" or "signing up". */
  action: string;
  /** Fills in and submits the page's e-mail and password form, and checks that it reached auth. */
  submitWithPassword: (user: ReturnType<typeof userEvent.setup>, auth: TestAuth) => Promise<void>;
  /** Where the page sends a host without a draft (path and hash): "/" unless given. */
  home?: string;
}

/** Registers the shared tests (and their localStorage clean-up) in the calling describe block. */
export function itReturnsToPendingDraft({ page, path, action, submitWithPassword, home = '/' }: ReturnToDraftCase) {
  const atHome = new RegExp(`^${home.replace(/[/#]/g, '\\$&')}$`);
  /** Signs in or up with `method`, then lets the auth state arrive signed in (as the provider would). */
  async function authenticateWith(method: 'password' | 'google') {
    const user = userEvent.setup();
    const auth = createTestAuth();
    const view = renderRoutes({ [path]: page, '/': <p>Landing</p> }, { route: path, auth });
    if (method === 'password') {
      await submitWithPassword(user, auth);
    } else {
      await user.click(screen.getByRole('button', { name: 'Continue with Google' }));
      expect(auth.signInWithGoogle).toHaveBeenCalledOnce();
    }
    view.rerenderWith(createTestAuth(signedIn()));
  }

  beforeEach(() => {
    localStorage.clear();
  });
  afterEach(() => {
    localStorage.clear();
  });

  // The tests run without a runtime config: payments off (the sentence with payments on is
  // draft-notice.test.tsx's, and the e2e specs check both against the real server).
  it('with a draft, says the listing and its plan are saved and fills in the draft’s e-mail', () => {
    localStorage.setItem('pendingOptimization', JSON.stringify({ ...DRAFT, selectedPlan: 'premium' }));
    renderRoutes({ [path]: page }, { route: path, auth: createTestAuth() });
    expect(screen.getByTestId('draft-notice')).toHaveTextContent(/^Your listing and the Premium plan are saved — your report starts right after\.$/);
    expect(screen.getByLabelText('Email')).toHaveValue(DRAFT.email);
  });

  it('without a draft, says nothing about one and leaves the e-mail empty', () => {
    renderRoutes({ [path]: page }, { route: path, auth: createTestAuth() });
    expect(screen.queryByTestId('draft-notice')).toBeNull();
    expect(screen.getByLabelText('Email')).toHaveValue('');
  });

  it.each(['password', 'google'] as const)(`with a draft, ${action} (%s) goes to the form at /#optimize`, async (method) => {
    localStorage.setItem('pendingOptimization', JSON.stringify(DRAFT));
    await authenticateWith(method);
    expect(screen.getByTestId('location')).toHaveTextContent(/^\/#optimize$/);
    expect(localStorage.getItem('pendingOptimization')).not.toBeNull(); // the form restores and removes it
  });

  it.each(['password', 'google'] as const)(`without a draft, ${action} (%s) goes to ${home}`, async (method) => {
    await authenticateWith(method);
    expect(screen.getByTestId('location')).toHaveTextContent(atHome);
  });

  it('ignores and removes a malformed draft', async () => {
    localStorage.setItem('pendingOptimization', JSON.stringify({ ...DRAFT, selectedPlan: 'gold' }));
    await authenticateWith('password');
    expect(screen.getByTestId('location')).toHaveTextContent(atHome);
    expect(localStorage.getItem('pendingOptimization')).toBeNull();
  });
}
