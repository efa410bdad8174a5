import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { Icon } from '@/components/ui/icon';
import { useApiClient } from '@/lib/api-client';
import { formatDate } from '@/lib/format';
import { resultErrorMessage } from '@/lib/orders/get-optimization-result';
import { shareReport, stopSharing, type ShareInfo } from '@/lib/orders/share-report';
import { ActionButton } from './action-button';

/** What a share link shows and for how long (the server's sharelink.TTL: 30 days). */
export const SHARE_EXPLAINER =
  'Make a read-only link for a co-host or a cleaner. They can open this report without an account; it shows no e-mail address, payment or order details. The link works for 30 days, or until you stop sharing.';

/** Said when the browser refuses the clipboard (no secure context, or permission denied). */
export const COPY_FAILED_MESSAGE = 'Copy did not work here: select the link and copy it.';

type Busy = 'idle' | 'sharing' | 'stopping';

/**
 * The owner's share link for this report (issue 18): make it, copy it, stop it. The same link is
 * given again while it is live, so one already sent keeps working; stopping ends every copy of it.
 */
export function ShareOffer({ orderId, initial, pageOrigin }: { orderId: string; initial: ShareInfo | null; pageOrigin: string }) {
  const api = useApiClient();
  const [share, setShare] = useState(initial);
  const [busy, setBusy] = useState<Busy>('idle');
  const [error, setError] = useState('');
  const [copied, setCopied] = useState(false);

  const run = (what: Exclude<Busy, 'idle'>, request: () => Promise<ShareInfo | null>) => {
    setBusy(what);
    setError('');
    setCopied(false);
    request().then(
      (next) => {
        setShare(next);
        setBusy('idle');
      },
      (e: unknown) => {
        setError(resultErrorMessage(e));
        setBusy('idle');
      },
    );
  };
  const link = share ? new URL(share.url, pageOrigin).toString() : '';
  const copy = () => {
    setCopied(false);
    setError('');
    // navigator.clipboard is missing outside secure contexts: that rejects too.
    Promise.resolve()
      .then(() => navigator.clipboard.writeText(link))
      .then(
        () => setCopied(true),
        () => setError(COPY_FAILED_MESSAGE),
      );
  };

  return (
    <section aria-labelledby="share-title" className="mt-8 rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:p-7" data-testid="share-offer">
      <h2 id="share-title" className="flex items-center gap-2 text-lg font-semibold text-slate-900">
        <Icon name="link" className="h-5 w-5 text-brand-600" />
        Share this report
      </h2>
      <p className="mt-2 text-sm text-slate-700">{SHARE_EXPLAINER}</p>
      {share ? (
        <div className="mt-4">
          <label htmlFor="share-link" className="text-sm font-medium text-slate-900">
            Read-only link, works until {formatDate(share.expiresAt)}
          </label>
          <div className="mt-1.5 flex flex-col gap-2 sm:flex-row">
            <input
              id="share-link"
              readOnly
              value={link}
              onFocus={(e) => e.currentTarget.select()}
              className="min-w-0 flex-1 rounded-lg border border-slate-300 bg-slate-50 px-3 py-2 font-mono text-sm text-slate-800"
              data-testid="share-link"
            />
            <Button variant="secondary" onClick={copy}>
              {copied ? 'Copied' : 'Copy link'}
            </Button>
            <Button
              variant="secondary"
              onClick={() => run('stopping', () => stopSharing(api, orderId).then(() => null))}
              disabled={busy !== 'idle'}
              data-testid="stop-sharing"
            >
              {busy === 'stopping' ? 'Stopping…' : 'Stop sharing'}
            </Button>
          </div>
          <p aria-live="polite" className="sr-only">
            {copied ? 'Link copied' : ''}
          </p>
          {error && (
            <p role="alert" className="mt-2 text-sm text-red-700">
              {error}
            </p>
          )}
        </div>
      ) : (
        <ActionButton
          onClick={() => run('sharing', () => shareReport(api, orderId))}
          busy={busy === 'sharing'}
          busyLabel="Making the link…"
          error={error}
          variant="secondary"
          testId="share-button"
        >
          Create a share link
        </ActionButton>
      )}
    </section>
  );
}
