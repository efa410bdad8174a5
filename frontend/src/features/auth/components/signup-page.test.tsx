import { act, fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createTestAuth, signedIn } from '@/testing/auth';
import { renderWithRouter } from '@/testing/render';
import { EXISTING_ACCOUNT_REDIRECT_MS } from '../constants';
import { itReturnsToPendingDraft } from '../testing/return-to-draft';
import { SignupPage } from './signup-page';

function setup(auth = createTestAuth(), userOptions: Parameters<typeof userEvent.setup>[0] = {}) {
  const user = userEvent.setup(userOptions);
  renderWithRouter(<SignupPage />, { route: '/signup', auth, showLocation: true });
  return { user, auth };
}

async function fill(user: ReturnType<typeof userEvent.setup>, values: { name?: string; email?: string; password?: string; confirm?: string }) {
  if (values.name) await user.type(screen.getByLabelText('Full name'), values.name);
  if (values.email) await user.type(screen.getByLabelText('Email'), values.email);
  if (values.password) await user.type(screen.getByLabelText('Password'), values.password);
  if (values.confirm) await user.type(screen.getByLabelText('Confirm password'), values.confirm);
}

const emailInUse = () =>
  Promise.reject(Object.assign(new Error('Firebase: Error (auth/email-already-in-use).'), { code: 'auth/email-already-in-use' }));

afterEach(() => {
  vi.useRealTimers();
});

describe('SignupPage', () => {
  it('has the four required fields, the hint, a Google option and a link to /login', () => {
    setup();
    for (const label of ['Full name', 'Email', 'Password', 'Confirm password']) expect(screen.getByLabelText(label)).toBeRequired();
    expect(screen.getByLabelText('Email')).toHaveAttribute('type', 'email');
    expect(screen.getByText('Use 8+ characters with a mix of letters, numbers & symbols')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Continue with Google' })).toBeInTheDocument();
    expect(within(screen.getByRole('main')).getByRole('link', { name: 'Login' })).toHaveAttribute('href', '/login');
    expect(within(screen.getByRole('main')).getByRole('link', { name: 'Terms' })).toHaveAttribute('href', '/terms');
    expect(within(screen.getByRole('main')).getByRole('link', { name: 'Privacy policy' })).toHaveAttribute('href', '/privacy');
  });

  it.each([
    ['abc', 'Very Weak'],
    ['abcdefgh', 'Weak'],
    ['abcdefg1', 'Fair'],
    ['Abcdefg1', 'Good'],
    ['Abcdefg1!', 'Strong'],
  ])('labels %j as %s', async (password, label) => {
    const { user } = setup();
    expect(screen.queryByTestId('password-strength')).toBeNull();
    await user.type(screen.getByLabelText('Password'), password);
    expect(screen.getByTestId('password-strength-label')).toHaveTextContent(new RegExp(`^${label}$`));
  });

  it('says "Passwords do not match" inline while typing the confirmation, and clears it', async () => {
    const { user } = setup();
    await fill(user, { password: 'secret12', confirm: 'secret' });
    expect(screen.getByText('Passwords do not match')).toBeInTheDocument();
    expect(screen.getByLabelText('Confirm password')).toHaveAttribute('aria-invalid', 'true');
    await user.type(screen.getByLabelText('Confirm password'), '12');
    expect(screen.queryByText('Passwords do not match')).toBeNull();
  });

  it('blocks a mismatch at submit', async () => {
    const { user, auth } = setup();
    await fill(user, { name: 'Ana Host', email: 'ana@example.com', password: 'secret12', confirm: 'secret13' });
    await user.click(screen.getByRole('button', { name: 'Create account' }));
    expect(screen.getByText('Passwords do not match')).toBeInTheDocument();
    expect(screen.getByLabelText('Confirm password')).toHaveFocus();
    expect(auth.signUp).not.toHaveBeenCalled();
  });

  it('needs at least 6 characters', async () => {
    const { user, auth } = setup();
    await fill(user, { name: 'Ana Host', email: 'ana@example.com', password: 'abc12', confirm: 'abc12' });
    await user.click(screen.getByRole('button', { name: 'Create account' }));
    expect(screen.getByText('Password must be at least 6 characters long')).toBeInTheDocument();
    expect(screen.getByLabelText('Password')).toHaveAttribute('aria-invalid', 'true');
    expect(auth.signUp).not.toHaveBeenCalled();
  });

  it('creates the account with the display name', async () => {
    const { user, auth } = setup();
    await fill(user, { name: 'Ana Host', email: 'ana@example.com', password: 'Secret12!', confirm: 'Secret12!' });
    await user.click(screen.getByRole('button', { name: 'Create account' }));
    expect(auth.signUp).toHaveBeenCalledWith('Ana Host', 'ana@example.com', 'Secret12!');
  });

  it('shows the service message for other errors', async () => {
    const { user } = setup(createTestAuth(undefined, { signUp: () => Promise.reject(new Error('Firebase: Error (auth/invalid-email).')) }));
    await fill(user, { name: 'Ana', email: 'ana@example.com', password: 'secret1', confirm: 'secret1' });
    await user.click(screen.getByRole('button', { name: 'Create account' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Firebase: Error (auth/invalid-email).');
    expect(screen.getByTestId('location')).toHaveTextContent('/signup');
  });

  it('says an e-mail is already registered and goes to /login after exactly 3 s', async () => {
    renderWithRouter(<SignupPage />, { route: '/signup', auth: createTestAuth(undefined, { signUp: emailInUse }), showLocation: true });
    // fireEvent (synchronous) rather than user-event, which waits on timers; only
    // setTimeout is faked, so React keeps rendering and time moves when the test says so.
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const values = { 'Full name': 'Ana', Email: 'ana@example.com', Password: 'secret1', 'Confirm password': 'secret1' };
    for (const [label, value] of Object.entries(values)) fireEvent.change(screen.getByLabelText(label), { target: { value } });
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Create account' }));
      await Promise.resolve();
    });
    expect(screen.getByRole('alert')).toHaveTextContent('This email is already registered. Please use the login page instead.');
    expect(EXISTING_ACCOUNT_REDIRECT_MS).toBe(3000);
    act(() => {
      vi.advanceTimersByTime(EXISTING_ACCOUNT_REDIRECT_MS - 1);
    });
    expect(screen.getByTestId('location')).toHaveTextContent('/signup');
    act(() => {
      vi.advanceTimersByTime(1);
    });
    expect(screen.getByTestId('location')).toHaveTextContent('/login');
  });

  it('offers Google sign-up', async () => {
    const { user, auth } = setup();
    await user.click(screen.getByRole('button', { name: 'Continue with Google' }));
    expect(auth.signInWithGoogle).toHaveBeenCalledOnce();
  });

  it('sends a signed-in user to / — the optimize form, the next step of a new account', () => {
    setup(createTestAuth(signedIn()));
    expect(screen.getByTestId('location')).toHaveTextContent(/^\/$/);
  });
});

describe('SignupPage: back to a pending optimization (SPEC §4 "Return from login or signup")', () => {
  itReturnsToPendingDraft({
    page: <SignupPage />,
    path: '/signup',
    home: '/#optimize',
    action: 'signing up',
    submitWithPassword: async (user, auth) => {
      await user.clear(screen.getByLabelText('Email'));
      await fill(user, { name: 'Ana Host', email: 'ana@example.com', password: 'Secret12!', confirm: 'Secret12!' });
      await user.click(screen.getByRole('button', { name: 'Create account' }));
      expect(auth.signUp).toHaveBeenCalledOnce();
    },
  });
});
