import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { type AuthClient, type AuthClientUser } from '@/lib/firebase';
import { AuthProvider, type SignInRecord } from './auth-provider';
import { useAuth } from './context';
import { type TokenSync } from './token-sync';

/** A stand-in for the Firebase-backed AuthClient: the provider's own boundary. */
function fakeClient() {
  const stateListeners = new Set<(u: AuthClientUser | null) => void>();
  const tokenListeners = new Set<(u: AuthClientUser | null) => void>();
  let current: AuthClientUser | null = null;
  const user = (uid: string, email: string, displayName: string | null): AuthClientUser => ({
    uid,
    email,
    displayName,
    getIdToken: () => Promise.resolve(`token-${uid}`),
    getIdTokenResult: () => Promise.resolve({ token: `token-${uid}`, authTime: new Date().toUTCString() }),
  });
  const emit = (u: AuthClientUser | null) => {
    current = u;
    stateListeners.forEach((l) => {
      l(u);
    });
    tokenListeners.forEach((l) => {
      l(u);
    });
  };
  const client: AuthClient = {
    onAuthStateChanged: (l) => {
      stateListeners.add(l);
      return () => stateListeners.delete(l);
    },
    onIdTokenChanged: (l) => {
      tokenListeners.add(l);
      return () => tokenListeners.delete(l);
    },
    currentUser: () => current,
    signIn: vi.fn((email: string) => {
      const u = user('uid-signin', email, 'Signed In');
      emit(u);
      return Promise.resolve(u);
    }),
    signUp: vi.fn((_name: string, email: string) => {
      // Like Firebase: the state changes (name still unset) before the name is saved.
      const u = user('uid-new', email, null);
      emit(u);
      return Promise.resolve(u);
    }),
    signInWithGoogle: vi.fn(() => Promise.resolve(user('g', 'g@example.com', 'G'))),
    prepareGoogleSignIn: vi.fn(),
    sendPasswordReset: vi.fn(() => Promise.resolve()),
    signOut: vi.fn(() => {
      emit(null);
      return Promise.resolve();
    }),
  };
  return { client, emit, user, stateListeners };
}

function Probe() {
  const auth = useAuth();
  return (
    <div>
      <p data-testid="status">{auth.status}</p>
      <p data-testid="name">{auth.user ? `${auth.user.displayName ?? '-'} <${auth.user.email}>` : ''}</p>
      <button type="button" onClick={() => void auth.signUp(' Ana Host ', 'ana@example.com', 'secret1')}>
        sign up
      </button>
      <button type="button" onClick={() => void auth.signIn('bo@example.com', 'pw')}>
        sign in
      </button>
      <button type="button" onClick={() => void auth.signOut()}>
        sign out
      </button>
    </div>
  );
}

function setup(options: { sync?: TokenSync | null } = {}) {
  const fake = fakeClient();
  const onSignIn = vi.fn<(record: SignInRecord) => Promise<void>>(() => Promise.resolve());
  const view = render(
    <AuthProvider loadClient={() => Promise.resolve(fake.client)} onSignIn={onSignIn} createSync={() => options.sync ?? null}>
      <Probe />
    </AuthProvider>,
  );
  return { ...fake, onSignIn, view };
}

/** Asks for an ID token on click, as an action button does, and shows what it got. */
function TokenProbe() {
  const auth = useAuth();
  const [token, setToken] = useState('');
  return (
    <div>
      <button type="button" onClick={() => void auth.getIdToken().then((t) => setToken(t ?? 'none'))}>
        token
      </button>
      <p data-testid="token">{token}</p>
    </div>
  );
}

describe('AuthProvider', () => {
  it('gives an action clicked before the session is restored the restored user’s token, not none', async () => {
    const fake = fakeClient();
    render(
      <AuthProvider loadClient={() => Promise.resolve(fake.client)} createSync={() => null}>
        <TokenProbe />
      </AuthProvider>,
    );
    await vi.waitFor(() => {
      expect(fake.stateListeners.size).toBe(1);
    });
    await userEvent.click(screen.getByRole('button', { name: 'token' }));
    expect(screen.getByTestId('token')).toHaveTextContent('');
    act(() => {
      fake.emit(fake.user('uid-7', 'sam@example.com', 'Sam'));
    });
    await vi.waitFor(() => {
      expect(screen.getByTestId('token')).toHaveTextContent('token-uid-7');
    });
  });

  it('is loading until the first auth state arrives, then signed out', async () => {
    const { emit, stateListeners } = setup();
    expect(screen.getByTestId('status')).toHaveTextContent('loading');
    await vi.waitFor(() => {
      expect(stateListeners.size).toBe(1);
    });
    expect(screen.getByTestId('status')).toHaveTextContent('loading');
    act(() => {
      emit(null);
    });
    expect(screen.getByTestId('status')).toHaveTextContent('signed-out');
  });

  it('restores a persisted user as signed in and records that sign-in once', async () => {
    const { emit, user, onSignIn, stateListeners } = setup();
    await vi.waitFor(() => {
      expect(stateListeners.size).toBe(1);
    });
    const restored = user('uid-1', 'ana@example.com', 'Ana');
    act(() => {
      emit(restored);
    });
    expect(screen.getByTestId('status')).toHaveTextContent('signed-in');
    expect(screen.getByTestId('name')).toHaveTextContent('Ana <ana@example.com>');
    // A token refresh re-emits the same user: not a new sign-in.
    act(() => {
      emit(restored);
    });
    expect(onSignIn).toHaveBeenCalledOnce();
    expect(onSignIn.mock.calls[0]?.[0]).toMatchObject({ displayName: 'Ana', user: { uid: 'uid-1' } });
    await expect(onSignIn.mock.calls[0]?.[0].getIdToken()).resolves.toBe('token-uid-1');
  });

  it('records a sign-up with the typed name (the first token predates it) and shows that name', async () => {
    const u = userEvent.setup();
    const { client, onSignIn, stateListeners, emit } = setup();
    await vi.waitFor(() => {
      expect(stateListeners.size).toBe(1);
    });
    act(() => {
      emit(null);
    });
    await u.click(screen.getByRole('button', { name: 'sign up' }));
    expect(client.signUp).toHaveBeenCalledWith('Ana Host', 'ana@example.com', 'secret1');
    expect(onSignIn).toHaveBeenCalledOnce();
    expect(onSignIn.mock.calls[0]?.[0]).toMatchObject({ displayName: 'Ana Host', user: { uid: 'uid-new' } });
    expect(screen.getByTestId('name')).toHaveTextContent('Ana Host <ana@example.com>');
  });

  it('records each new session: sign out, then sign in again', async () => {
    const u = userEvent.setup();
    const { onSignIn, stateListeners, emit, user } = setup();
    await vi.waitFor(() => {
      expect(stateListeners.size).toBe(1);
    });
    act(() => {
      emit(user('uid-signin', 'bo@example.com', 'Signed In'));
    });
    await u.click(screen.getByRole('button', { name: 'sign out' }));
    expect(screen.getByTestId('status')).toHaveTextContent('signed-out');
    await u.click(screen.getByRole('button', { name: 'sign in' }));
    expect(screen.getByTestId('status')).toHaveTextContent('signed-in');
    expect(onSignIn).toHaveBeenCalledTimes(2);
  });

  it('hands every ID-token change to the token sync, null when signed out', async () => {
    const handle = vi.fn(() => Promise.resolve());
    const { emit, user, stateListeners } = setup({ sync: { handle } });
    await vi.waitFor(() => {
      expect(stateListeners.size).toBe(1);
    });
    act(() => {
      emit(user('uid-1', 'a@example.com', null));
    });
    await vi.waitFor(() => {
      expect(handle).toHaveBeenCalledWith({ token: 'token-uid-1', signedInAtMs: expect.any(Number) as number });
    });
    act(() => {
      emit(null);
    });
    expect(handle).toHaveBeenLastCalledWith(null);
  });

  it('is signed out when sign-in cannot load', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    render(
      <AuthProvider loadClient={() => Promise.reject(new Error('Loading chunk failed'))} createSync={() => null}>
        <Probe />
      </AuthProvider>,
    );
    expect(await screen.findByText('signed-out')).toBeInTheDocument();
    expect(error).toHaveBeenCalled();
  });

  it('unsubscribes on unmount', async () => {
    const { stateListeners, view } = setup();
    await vi.waitFor(() => {
      expect(stateListeners.size).toBe(1);
    });
    view.unmount();
    expect(stateListeners.size).toBe(0);
  });
});
