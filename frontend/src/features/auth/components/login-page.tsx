import { useId, useState, type SubmitEvent } from 'react';
import { Link, Navigate } from '@/lib/router';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { EmailInput, Field } from '@/components/ui/field';
import { hasPendingOptimization, RESUME_OPTIMIZATION_PATH, usePrefilledEmail, useSavedDraft } from '@/lib/draft';
import { useAuth } from '@/lib/auth/context';
import { authErrorMessage, isPopupCancelled } from '@/lib/auth/errors';
import { RESET_EMAIL_REQUIRED_MESSAGE, RESET_EMAIL_SENT_MESSAGE } from '@/lib/messages';
import { AuthLayout, OrDivider } from './auth-layout';
import { DraftNotice } from './draft-notice';
import { GoogleButton } from './google-button';
import { PasswordInput } from './password-input';

type Feedback = { tone: 'error' | 'success'; message: string } | null;

/** "/login" (SPEC §2, §5): e-mail and password, reset e-mail, Google popup. */
export function LoginPage() {
  const auth = useAuth();
  const id = useId();
  const draft = useSavedDraft();
  const [email, setEmail] = usePrefilledEmail(draft);
  const [password, setPassword] = useState('');
  const [busy, setBusy] = useState<'password' | 'google' | 'reset' | null>(null);
  const [feedback, setFeedback] = useState<Feedback>(null);

  // SPEC §4 "Return from login or signup": signed in (by any method) with an optimization
  // draft waiting, go back to the landing page's form, which restores and submits it.
  // Otherwise AuthLayout sends a signed-in user to "/".
  if (auth.status === 'signed-in' && hasPendingOptimization()) return <Navigate to={RESUME_OPTIMIZATION_PATH} replace />;

  const run = async (kind: NonNullable<typeof busy>, action: () => Promise<void>, success?: string) => {
    setBusy(kind);
    setFeedback(null);
    try {
      await action();
      if (success) setFeedback({ tone: 'success', message: success });
    } catch (error) {
      if (!isPopupCancelled(error)) setFeedback({ tone: 'error', message: authErrorMessage(error) });
    } finally {
      setBusy(null);
    }
  };

  const onSubmit = (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    // The browser has checked "required" and the e-mail type. On success the auth state
    // turns signed-in: the user goes to the optimize form when a draft waits, else to "/".
    void run('password', () => auth.signIn(email.trim(), password));
  };

  const onForgotPassword = () => {
    const address = email.trim();
    if (address === '') {
      setFeedback({ tone: 'error', message: RESET_EMAIL_REQUIRED_MESSAGE });
      document.getElementById(`${id}-email`)?.focus();
      return;
    }
    void run('reset', () => auth.sendPasswordReset(address), RESET_EMAIL_SENT_MESSAGE);
  };

  return (
    <AuthLayout
      title="Log in"
      subtitle="Welcome back. Log in to see your optimization reports."
      footer={
        <>
          New to ListingLift?{' '}
          <Link to="/signup" className="font-semibold text-brand-700 hover:underline">
            Sign Up
          </Link>
        </>
      }
    >
      <DraftNotice draft={draft} />
      {feedback && (
        <Alert key={`${feedback.tone}:${feedback.message}`} tone={feedback.tone} className="mb-5">
          {feedback.message}
        </Alert>
      )}
      <form onSubmit={onSubmit} className="space-y-5" aria-label="Log in">
        <Field id={`${id}-email`} label="Email">
          {(control) => (
            <EmailInput
              {...control}
              required
              value={email}
              onChange={(event) => {
                setEmail(event.target.value);
              }}
            />
          )}
        </Field>
        <Field
          id={`${id}-password`}
          label="Password"
          after={
            <div className="mt-2 text-right">
              <button
                type="button"
                onClick={onForgotPassword}
                disabled={busy !== null}
                className="rounded text-sm font-semibold text-brand-700 hover:underline disabled:opacity-60"
              >
                Forgot your password?
              </button>
            </div>
          }
        >
          {(control) => (
            <PasswordInput
              {...control}
              name="password"
              autoComplete="current-password"
              required
              toggle
              value={password}
              onChange={(event) => {
                setPassword(event.target.value);
              }}
            />
          )}
        </Field>
        <Button type="submit" size="lg" className="w-full" disabled={busy !== null}>
          {busy === 'password' ? 'Logging in…' : 'Log in'}
        </Button>
      </form>
      <OrDivider />
      <GoogleButton disabled={busy !== null} onClick={() => void run('google', () => auth.signInWithGoogle())} />
    </AuthLayout>
  );
}
