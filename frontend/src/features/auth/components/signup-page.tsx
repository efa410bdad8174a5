import { useEffect, useId, useRef, useState, type SubmitEvent } from 'react';
import { Link, Navigate, useNavigate } from '@/lib/router';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { EmailInput, Field, TextInput } from '@/components/ui/field';
import { hasPendingOptimization, RESUME_OPTIMIZATION_PATH, usePrefilledEmail, useSavedDraft } from '@/lib/draft';
import { useAuth } from '@/lib/auth/context';
import { authErrorCode, authErrorMessage, isPopupCancelled } from '@/lib/auth/errors';
import { EMAIL_ALREADY_REGISTERED_MESSAGE, PASSWORD_STRENGTH_HINT } from '@/lib/messages';
import { AFTER_SIGNUP_PATH, EXISTING_ACCOUNT_REDIRECT_MS, FOCUS_LISTING_FIELD_STATE } from '../constants';
import { confirmMismatch, validateSignup, type SignupErrors, type SignupValues } from '../password';
import { AuthLayout, OrDivider } from './auth-layout';
import { DraftNotice } from './draft-notice';
import { GoogleButton } from './google-button';
import { PasswordInput } from './password-input';
import { PasswordStrength } from './password-strength';

/** A new account's next step: the optimize form, ready to take the listing's link. */
const AFTER_SIGNUP = { to: AFTER_SIGNUP_PATH, state: FOCUS_LISTING_FIELD_STATE };

const EMPTY: SignupValues = { fullName: '', email: '', password: '', confirmPassword: '' };

/** "/signup" (SPEC §2, §4, §5): name, e-mail, password twice, strength meter, Google popup. */
export function SignupPage() {
  const auth = useAuth();
  const navigate = useNavigate();
  const id = useId();
  const ids = {
    name: `${id}-name`,
    email: `${id}-email`,
    password: `${id}-password`,
    strength: `${id}-strength`,
    confirm: `${id}-confirm`,
  };
  // A saved order's e-mail is the account's most likely e-mail: prefilled.
  const draft = useSavedDraft();
  const [email, setEmail] = usePrefilledEmail(draft);
  const [fields, setValues] = useState<Omit<SignupValues, 'email'>>(() => ({ ...EMPTY }));
  const values: SignupValues = { ...fields, email };
  const [errors, setErrors] = useState<SignupErrors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [existingAccount, setExistingAccount] = useState(false);
  const passwordRef = useRef<HTMLInputElement>(null);
  const confirmRef = useRef<HTMLInputElement>(null);

  // SPEC §4: an already-registered e-mail shows the message, then /login after 3 s.
  useEffect(() => {
    if (!existingAccount) return;
    const timer = setTimeout(() => { navigate('/login'); }, EXISTING_ACCOUNT_REDIRECT_MS);
    return () => {
      clearTimeout(timer);
    };
  }, [existingAccount, navigate]);

  // SPEC §4 "Return from login or signup": signed up or in (by any method) with an
  // optimization draft waiting, go back to the landing page's form, which restores and
  // submits it. Otherwise AuthLayout sends a signed-in user to "/".
  if (auth.status === 'signed-in' && hasPendingOptimization()) return <Navigate to={RESUME_OPTIMIZATION_PATH} replace />;

  const set = (field: keyof SignupValues) => (event: { target: { value: string } }) => {
    const value = event.target.value;
    if (field === 'email') setEmail(value);
    else setValues((current) => ({ ...current, [field]: value }));
    if (field === 'password') setErrors((current) => ({ ...current, password: undefined }));
    if (field === 'confirmPassword') setErrors((current) => ({ ...current, confirmPassword: undefined }));
  };

  // "Passwords do not match" also shows inline while the confirm field is typed in.
  const confirmError = errors.confirmPassword ?? confirmMismatch(values.password, values.confirmPassword);

  const failed = (error: unknown) => {
    if (authErrorCode(error) === 'auth/email-already-in-use') {
      setFormError(EMAIL_ALREADY_REGISTERED_MESSAGE);
      setExistingAccount(true);
    } else if (!isPopupCancelled(error)) {
      setFormError(authErrorMessage(error));
    }
  };

  const onSubmit = async (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (busy || existingAccount) return;
    setFormError(null);
    const found = validateSignup(values);
    setErrors(found);
    if (found.confirmPassword) {
      confirmRef.current?.focus();
      return;
    }
    if (found.password) {
      passwordRef.current?.focus();
      return;
    }
    setBusy(true);
    try {
      // On success the auth state turns signed-in: the user goes to the optimize form
      // when a draft waits, else AuthLayout sends them to "/".
      await auth.signUp(values.fullName, values.email.trim(), values.password);
    } catch (error) {
      failed(error);
    } finally {
      setBusy(false);
    }
  };

  const onGoogle = async () => {
    setBusy(true);
    setFormError(null);
    try {
      await auth.signInWithGoogle();
    } catch (error) {
      failed(error);
    } finally {
      setBusy(false);
    }
  };

  return (
    <AuthLayout
      home={AFTER_SIGNUP}
      title="Create your account"
      subtitle="Sign up to optimize listings and keep every report in your dashboard."
      footer={
        <>
          Already have an account?{' '}
          <Link to="/login" className="font-semibold text-brand-700 hover:underline">
            Login
          </Link>
        </>
      }
    >
      <DraftNotice draft={draft} />
      {formError && (
        <Alert key={formError} tone="error" className="mb-5">
          {formError}
          {existingAccount && <span className="mt-1 block text-red-700/80">Taking you to the login page…</span>}
        </Alert>
      )}
      <form onSubmit={(event) => void onSubmit(event)} className="space-y-5" aria-label="Sign up">
        <Field id={ids.name} label="Full name">
          {(control) => (
            <TextInput {...control} name="fullName" type="text" autoComplete="name" required value={values.fullName} onChange={set('fullName')} />
          )}
        </Field>
        <Field id={ids.email} label="Email">
          {(control) => <EmailInput {...control} required value={values.email} onChange={set('email')} />}
        </Field>
        <Field
          id={ids.password}
          label="Password"
          error={errors.password}
          hint={PASSWORD_STRENGTH_HINT}
          describedBy={(own) => [own.error, values.password && ids.strength, own.hint]}
          beforeHint={<PasswordStrength id={ids.strength} password={values.password} />}
        >
          {(control) => (
            <PasswordInput
              {...control}
              ref={passwordRef}
              name="password"
              autoComplete="new-password"
              required
              toggle
              value={values.password}
              onChange={set('password')}
            />
          )}
        </Field>
        <Field id={ids.confirm} label="Confirm password" error={confirmError}>
          {(control) => (
            <PasswordInput
              {...control}
              ref={confirmRef}
              name="confirmPassword"
              autoComplete="new-password"
              required
              value={values.confirmPassword}
              onChange={set('confirmPassword')}
            />
          )}
        </Field>
        <Button type="submit" size="lg" className="w-full" disabled={busy || existingAccount}>
          {busy ? 'Creating your account…' : 'Create account'}
        </Button>
        <p className="mt-3 text-center text-xs text-slate-600">
          By creating an account you agree to the{' '}
          <Link to="/terms" className="font-medium text-brand-700 underline underline-offset-2">
            Terms
          </Link>{' '}
          and the{' '}
          <Link to="/privacy" className="font-medium text-brand-700 underline underline-offset-2">
            Privacy policy
          </Link>
          .
        </p>
      </form>
      <OrDivider />
      <GoogleButton disabled={busy || existingAccount} onClick={() => void onGoogle()} />
    </AuthLayout>
  );
}
