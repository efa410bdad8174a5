import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type AuthContextValue } from '@/lib/auth/context';
import { createTestAuth, LOADING, signedIn, TestAuthProvider } from '@/testing/auth';
import { renderWithRouter } from '@/testing/render';
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

  it('shows the auth service’s own message when sign-in fails', async () => {
    const auth = createTestAuth(undefined, {
      signIn: () => Promise.reject(Object.assign(new Error('Firebase: Error (auth/invalid-credential).'), { code: 'auth/invalid-credential' })),
    });
    const { user } = setup(auth);
    await user.type(screen.getByLabelText('Email'), 'ana@example.com');
    await user.type(screen.getByLabelText('Password'), 'wrong');
    await user.click(screen.getByRole('button', { name: 'Log in' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Firebase: Error (auth/invalid-credential).');
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

  it('waits for the auth state before showing the form', () => {
    setup(createTestAuth(LOADING));
    expect(screen.getByRole('status')).toHaveTextContent('Checking your session…');
    expect(screen.queryByLabelText('Email')).toBeNull();
  });
});

describe('LoginPage: back to a pending optimization (SPEC §4 "Return from login or signup")', () => {
  const DRAFT = {
    listingUrl: 'https://www.airbnb.com/rooms/777',
    email: 'host@example.com',
    title: '',
    description: '',
    selectedPlan: 'basic',
  };

  function Probe() {
    const location = useLocation();
    return <div data-testid="location">{`${location.pathname}${location.hash}`}</div>;
  }

  function tree(auth: AuthContextValue) {
    return (
      <TestAuthProvider value={auth}>
        <MemoryRouter initialEntries={['/login']}>
          <Routes>
            <Route path="/login" element={<LoginPage />} />
            <Route path="/" element={<p>Landing</p>} />
          </Routes>
          <Probe />
        </MemoryRouter>
      </TestAuthProvider>
    );
  }

  /** Signs in with `method`, then lets the auth state arrive signed in (as the provider would). */
  async function signInWith(method: 'password' | 'google') {
    const user = userEvent.setup();
    const auth = createTestAuth();
    const view = render(tree(auth));
    if (method === 'password') {
      await user.type(screen.getByLabelText('Email'), 'ana@example.com');
      await user.type(screen.getByLabelText('Password'), 'secret1');
      await user.click(screen.getByRole('button', { name: 'Log in' }));
      expect(auth.signIn).toHaveBeenCalledOnce();
    } else {
      await user.click(screen.getByRole('button', { name: 'Continue with Google' }));
      expect(auth.signInWithGoogle).toHaveBeenCalledOnce();
    }
    view.rerender(tree(createTestAuth(signedIn())));
  }

  beforeEach(() => {
    localStorage.clear();
  });
  afterEach(() => {
    localStorage.clear();
  });

  it.each(['password', 'google'] as const)('with a draft, signing in (%s) goes to the form at /#optimize', async (method) => {
    localStorage.setItem('pendingOptimization', JSON.stringify(DRAFT));
    await signInWith(method);
    expect(screen.getByTestId('location')).toHaveTextContent(/^\/#optimize$/);
    expect(localStorage.getItem('pendingOptimization')).not.toBeNull(); // the form restores and removes it
  });

  it.each(['password', 'google'] as const)('without a draft, signing in (%s) goes to / as before', async (method) => {
    await signInWith(method);
    expect(screen.getByTestId('location')).toHaveTextContent(/^\/$/);
  });

  it('ignores and removes a malformed draft', async () => {
    localStorage.setItem('pendingOptimization', JSON.stringify({ ...DRAFT, selectedPlan: 'gold' }));
    await signInWith('password');
    expect(screen.getByTestId('location')).toHaveTextContent(/^\/$/);
    expect(localStorage.getItem('pendingOptimization')).toBeNull();
  });
});
