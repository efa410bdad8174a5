import { useEffect, useRef, useState } from 'react';
import { SimplePageLayout } from '@/components/layouts/simple-page-layout';
import { ButtonLink } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { useApiClient } from '@/lib/api-client';
import { useSearchParams } from '@/lib/router';
import { followWatchLink, watchErrorMessage, type WatchLinkAction } from '@/lib/watch/watch';
import { type WatchStateBody } from '@/types/api';

type LinkState =
  | { status: 'working' }
  | { status: 'done'; state: WatchStateBody; listingTitle: string }
  | { status: 'error'; message: string };

/** The link's action, or null for a link that is not one of ours (cut short, or edited). */
function linkAction(value: string | null): WatchLinkAction | null {
  return value === 'pause' || value === 'stop' ? value : null;
}

const BROKEN_LINK = 'This link is not complete. Open it again from the e-mail, or sign in to manage the watch from your dashboard.';

/** What the watch's state now means for the host, under the page's heading. */
function outcome(state: WatchStateBody, listingTitle: string): { title: string; text: string } {
  const of = listingTitle.trim() ? `“${listingTitle.trim()}”` : 'your listing';
  switch (state) {
    case 'paused':
      return {
        title: 'Paused',
        text: `Watch is paused: we will not check ${of} or e-mail you about it until you resume it from your dashboard. The weeks left wait for you.`,
      };
    case 'stopped':
      return {
        title: 'Stopped',
        text: `Watch is stopped: we will not check ${of} or e-mail you about it again. While weeks are left, you can start it again from your dashboard.`,
      };
    case 'ended':
      return { title: 'Watch has ended', text: `Watch of ${of} has already ended: there are no more checks or e-mails.` };
    case 'active':
      return { title: 'Watch is on', text: `Watch of ${of} is still on. Pause or stop it from your dashboard.` };
  }
}

/**
 * "/watch?action=pause|stop&token=…" (issue 45): the pause and stop links of a Watch e-mail.
 * Opening the page changes nothing by itself (a mail scanner that follows links only gets the
 * page): the page's script posts the token and the action once, and says what the watch is
 * now. No sign-in: the signed token is the permission; asking again is harmless.
 */
export function WatchLinkPage() {
  const [params] = useSearchParams();
  const token = params.get('token')?.trim() ?? '';
  const action = linkAction(params.get('action'));
  const api = useApiClient();
  const [state, setState] = useState<LinkState>({ status: 'working' });
  // One post per page (StrictMode runs effects twice in development).
  const posted = useRef('');

  useEffect(() => {
    if (!token || !action) return;
    const key = `${action}\n${token}`;
    if (posted.current === key) return;
    posted.current = key;
    followWatchLink(api, token, action).then(
      (answer) => setState({ status: 'done', ...answer }),
      (error: unknown) => setState({ status: 'error', message: watchErrorMessage(error) }),
    );
  }, [api, token, action]);

  const dashboard = (
    <div className="mt-8 flex justify-center">
      <ButtonLink to="/dashboard">Go to your dashboard</ButtonLink>
    </div>
  );
  if (!token || !action) {
    return (
      <SimplePageLayout title="This link does not work">
        <p role="alert" className="mt-4 text-slate-600" data-testid="watch-link-error">
          {BROKEN_LINK}
        </p>
        {dashboard}
      </SimplePageLayout>
    );
  }
  if (state.status === 'working') {
    return (
      <SimplePageLayout title={action === 'pause' ? 'Pausing your watch' : 'Stopping your watch'}>
        <Spinner label={action === 'pause' ? 'Pausing the watch…' : 'Stopping the watch…'} className="mt-6" />
      </SimplePageLayout>
    );
  }
  if (state.status === 'error') {
    return (
      <SimplePageLayout title="The watch was not changed">
        <p role="alert" className="mt-4 text-slate-600" data-testid="watch-link-error">
          {state.message}
        </p>
        {dashboard}
      </SimplePageLayout>
    );
  }
  const { title, text } = outcome(state.state, state.listingTitle);
  return (
    <SimplePageLayout title={title} documentTitle={`Watch: ${title} · ListingLift`}>
      <p className="mt-4 text-slate-600" data-testid="watch-link-result">
        {text}
      </p>
      {dashboard}
    </SimplePageLayout>
  );
}
