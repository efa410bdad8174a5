import { useId, useState, type SubmitEvent } from 'react';
import { useNavigate } from '@/lib/router';
import { SimplePageLayout } from '@/components/layouts/simple-page-layout';
import { Button, ButtonLink } from '@/components/ui/button';
import { resultErrorMessage } from '@/lib/orders/get-optimization-result';
import { useApiClient } from '@/lib/api-client';
import { useAuth } from '@/lib/auth/context';
import { deleteAccount } from '../api/delete-account';

/** The word the host types to confirm: deleting cannot be undone. */
export const DELETE_CONFIRM_WORD = 'DELETE';

/** Said once the account is gone. */
export const ACCOUNT_DELETED_MESSAGE = 'Your account, orders, reports and PDFs were deleted. Stripe keeps its own payment records.';

/** Said when a large account is closed and the server is still deleting the rest. */
export const ACCOUNT_CLOSED_FINISHING_MESSAGE =
  'Your account is closed for good and can no longer be used. Most of its orders, reports and PDFs are already gone; the rest are deleted within a few minutes. Stripe keeps its own payment records.';

/**
 * "Delete my account" (issue 16): a confirmation that names what goes, then DELETE /api/me,
 * sign-out and the landing page. A paid report still being made is refused by the server
 * with a message shown here; nothing is deleted then.
 */
export function DeleteAccount() {
  const api = useApiClient();
  const auth = useAuth();
  const navigate = useNavigate();
  const id = useId();
  const [open, setOpen] = useState(false);
  const [typed, setTyped] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');

  const onSubmit = async (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (typed.trim() !== DELETE_CONFIRM_WORD) return;
    setBusy(true);
    setError('');
    let finishing = false;
    try {
      ({ finishing } = await deleteAccount(api));
    } catch (e) {
      setBusy(false);
      setError(resultErrorMessage(e));
      return;
    }
    // Say it is done, then sign out at once: a deleted user's token must not be used again.
    navigate('/dashboard', { replace: true, state: { accountDeleted: true, finishing } });
    await auth.signOut().catch(() => undefined);
  };

  return (
    <section aria-labelledby={`${id}-title`} className="mt-10 rounded-2xl border border-red-200 bg-white p-5 shadow-sm sm:p-6" data-testid="delete-account">
      <h2 id={`${id}-title`} className="text-lg font-semibold text-slate-900">
        Delete my account
      </h2>
      <p className="mt-1 text-sm text-slate-600">
        Deletes your account, every order and report, and their PDFs. Stripe keeps its own payment records. This cannot be undone.
      </p>
      {!open ? (
        <Button variant="secondary" className="mt-4" onClick={() => setOpen(true)}>
          Delete my account…
        </Button>
      ) : (
        <form className="mt-4 space-y-3" onSubmit={(e) => void onSubmit(e)} aria-label="Confirm account deletion">
          <label htmlFor={`${id}-confirm`} className="block text-sm font-medium text-slate-800">
            Type {DELETE_CONFIRM_WORD} to confirm
          </label>
          <input
            id={`${id}-confirm`}
            value={typed}
            onChange={(e) => setTyped(e.target.value)}
            autoComplete="off"
            className="block w-full max-w-xs rounded-lg border border-slate-300 px-3 py-2 text-sm focus:border-brand-500 focus:ring-2 focus:ring-brand-200 focus:outline-none"
          />
          <div className="flex flex-wrap gap-2">
            <Button type="submit" disabled={busy || typed.trim() !== DELETE_CONFIRM_WORD} className="bg-red-700 hover:bg-red-800">
              {busy ? 'Deleting…' : 'Delete everything'}
            </Button>
            <Button
              variant="secondary"
              onClick={() => {
                setOpen(false);
                setTyped('');
                setError('');
              }}
              disabled={busy}
            >
              Keep my account
            </Button>
          </div>
          {error && (
            <p role="alert" className="text-sm text-red-700">
              {error}
            </p>
          )}
        </form>
      )}
    </section>
  );
}

/** What the host sees once the account is gone (the dashboard route, with the deletion in its state). */
export function AccountDeleted({ finishing = false }: { finishing?: boolean }) {
  return (
    <SimplePageLayout title={finishing ? 'Your account is being deleted' : 'Your account was deleted'}>
      <p className="mt-4 text-slate-600" role="status">
        {finishing ? ACCOUNT_CLOSED_FINISHING_MESSAGE : ACCOUNT_DELETED_MESSAGE}
      </p>
      <ButtonLink to="/" className="mt-8">
        Back to home
      </ButtonLink>
    </SimplePageLayout>
  );
}
