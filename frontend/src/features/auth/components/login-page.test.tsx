import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { createTestAuth, LOADING, signedIn } from '@/testing/auth';
import { renderRoutes, renderWithRouter } from '@/testing/render';
import { itReturnsToPendingDraft } from '../testing/return-to-draft';
import { LoginPage } from './login-page';

function setup(auth = createTestAuth()) {
  const user = userEvent.setup();
  renderWithRouter(<LoginPage />, { route: '/login', auth, showLocation: true });
  return { user, auth };
}

describe('LoginPage', () => {
  it('has a required e-mail (type email) and password, a Google option and a link to /signup', () => {
    setup();
    expect(screen.getByRole('heading', { level: 1, name: 'Log in' })).toBeInTheDocument();
    const email = screen.getByLabelText('Email');
    expect(email).toHaveAttribute('type', 'email');
    expect(email).toBeRequired();
    expect(screen.getByLabelText('Password')).toBeRequired();
    expect(screen.getByRole('button', { name: 'Continue with Google' })).toBeInTheDocument();
    expect(within(screen.getByRole('main')).getByRole('link', { name: 'Sign Up' })).toHaveAttribute('href', '/signup');
  });

  it('shows and hides the password', async () => {
    const { user } = setup();
    const password = screen.getByLabelText('Password');
    const toggle = screen.getByRole('button', { name: 'Show password' });
    expect(password).toHaveAttribute('type', 'password');
    expect(toggle).toHaveAttribute('aria-pressed', 'false');
    await user.click(toggle);
    expect(password).toHaveAttribute('type', 'text');
    expect(toggle).toHaveAttribute('aria-pressed', 'true');
    await user.click(toggle);
    expect(password).toHaveAttribute('type', 'password');
  });

  it('signs in with the e-mail and password', async () => {
    const { user, auth } = setup();
    await user.type(screen.getByLabelText('Email'), ' ana@example.com ');
    await user.type(screen.getByLabelText('Password'), 'secret1');
    await user.click(screen.getByRole('button', { name: 'Log in' }));
    expect(auth.signIn).toHaveBeenCalledWith('ana@example.com', 'secret1');
  });

  it.each([
    ['auth/invalid-credential', 'That e-mail and password do not match. Check them and try again, or reset your password.'],
    ['auth/wrong-password', 'That e-mail and password do not match. Check them and try again, or reset your password.'],
    ['auth/user-not-found', 'There is no account with that e-mail address. Check it, or create an account.'],
    ['auth/too-many-requests', 'Too many attempts in a row. Wait a few minutes and try again.'],
    ['auth/network-request-failed', 'We could not reach the sign-in service. Check your connection and try again.'],
    ['auth/user-disabled', 'This account has been turned off. Write to support if you think that is a mistake.'],
  ])('says %s in plain words, never the service’s code', async (code, message) => {
    const auth = createTestAuth(undefined, {
      signIn: () => Promise.reject(Object.assign(new Error(`Firebase: Error (${code}).`), { code })),
    });
    const { user } = setup(auth);
    await user.type(screen.getByLabelText('Email'), 'ana@example.com');
    await user.type(screen.getByLabelText('Password'), 'wrong');
    await user.click(screen.getByRole('button', { name: 'Log in' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(message);
    expect(alert).not.toHaveTextContent('Firebase');
  });

  it('keeps the auth service’s own message for a code it does not know', async () => {
    const auth = createTestAuth(undefined, {
      signIn: () => Promise.reject(Object.assign(new Error('Firebase: Error (auth/quota-exceeded).'), { code: 'auth/quota-exceeded' })),
    });
    const { user } = setup(auth);
    await user.type(screen.getByLabelText('Email'), 'ana@example.com');
    await user.type(screen.getByLabelText('Password'), 'wrong');
    await user.click(screen.getByRole('button', { name: 'Log in' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Firebase: Error (auth/quota-exceeded).');
  });

  it('asks for the e-mail before sending a reset', async () => {
    const { user, auth } = setup();
    await user.click(screen.getByRole('button', { name: 'Forgot your password?' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Please enter your email address first');
    expect(auth.sendPasswordReset).not.toHaveBeenCalled();
    expect(screen.getByLabelText('Email')).toHaveFocus();
  });

  it('sends the reset e-mail and says so', async () => {
    const { user, auth } = setup();
    await user.type(screen.getByLabelText('Email'), 'ana@example.com');
    await user.click(screen.getByRole('button', { name: 'Forgot your password?' }));
    expect(auth.sendPasswordReset).toHaveBeenCalledWith('ana@example.com');
    expect(await screen.findByRole('status')).toHaveTextContent('Password reset email sent! Check your inbox.');
  });

  it('shows the service message when the reset fails', async () => {
    const auth = createTestAuth(undefined, { sendPasswordReset: () => Promise.reject(new Error('Firebase: Error (auth/user-not-found).')) });
    const { user } = setup(auth);
    await user.type(screen.getByLabelText('Email'), 'nobody@example.com');
    await user.click(screen.getByRole('button', { name: 'Forgot your password?' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Firebase: Error (auth/user-not-found).');
  });

  it('gets Google sign-in ready as the page shows, before any tap', () => {
    const auth = createTestAuth();
    setup(auth);
    expect(auth.prepareGoogleSignIn).toHaveBeenCalledOnce();
    expect(auth.signInWithGoogle).not.toHaveBeenCalled();
  });

  it('signs in with Google; closing the popup is not an error', async () => {
    const auth = createTestAuth(undefined, {
      signInWithGoogle: () => Promise.reject(Object.assign(new Error('closed'), { code: 'auth/popup-closed-by-user' })),
    });
    const { user } = setup(auth);
    await user.click(screen.getByRole('button', { name: 'Continue with Google' }));
    expect(auth.signInWithGoogle).toHaveBeenCalledOnce();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('sends a signed-in user to /', () => {
    setup(createTestAuth(signedIn()));
    expect(screen.getByTestId('location')).toHaveTextContent(/^\/$/);
  });

  it('waits for the auth state before showing the form, which holds its place hidden and inert', () => {
    setup(createTestAuth(LOADING));
    expect(screen.getByRole('status')).toHaveTextContent('Checking your session…');
    expect(screen.queryByRole('textbox', { name: 'Email' })).toBeNull();
    const held = screen.getByLabelText('Email').closest('[inert]');
    expect(held).toHaveClass('invisible');
    expect(held).toHaveAttribute('aria-hidden', 'true');
  });
});

describe('LoginPage: back to a pending optimization (SPEC §4 "Return from login or signup")', () => {
  itReturnsToPendingDraft({
    page: <LoginPage />,
    path: '/login',
    action: 'signing in',
    submitWithPassword: async (user, auth) => {
      await user.clear(screen.getByLabelText('Email'));
      await user.type(screen.getByLabelText('Email'), 'ana@example.com');
      await user.type(screen.getByLabelText('Password'), 'secret1');
      await user.click(screen.getByRole('button', { name: 'Log in' }));
      expect(auth.signIn).toHaveBeenCalledOnce();
    },
  });
});

describe('LoginPage: back where the host came from', () => {
  it.each([
    ['/dashboard', '/dashboard'],
    ['https://evil.example/', '/'],
    ['//evil.example', '/'],
    [null, '/'],
  ])('after logging in with ?next=%s goes to %s', async (next, where) => {
    const user = userEvent.setup();
    const auth = createTestAuth();
    const route = next === null ? '/login' : `/login?next=${encodeURIComponent(next)}`;
    const view = renderRoutes({ '/login': <LoginPage />, '/': <p>Landing</p>, '/dashboard': <p>Dashboard</p> }, { route, auth });
    await user.type(screen.getByLabelText('Email'), 'ana@example.com');
    await user.type(screen.getByLabelText('Password'), 'secret1');
    await user.click(screen.getByRole('button', { name: 'Log in' }));
    view.rerenderWith(createTestAuth(signedIn()));
    expect(screen.getByTestId('location')).toHaveTextContent(new RegExp(`^${where}$`));
  });
});
