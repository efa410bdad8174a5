import { getAuthClient, preconnectAuthService } from '@/lib/firebase';
import { needsSignIn, pageAt } from './pages';

/**
 * For a page drawn in the browser (every page but the prerendered landing page): the
 * page the visitor came to is fetched beside the app instead of after it has run; so is
 * sign-in (which restores a signed-in host's session with a call to the auth service,
 * whose connection is opened now too) on the pages that show only a spinner until the
 * session is known (pages.ts). On the
 * others it waits for the first paint, as before: on a slow connection its 32 kB would
 * slow the app's own download.
 * The app asks for both again and gets these same promises; a failure here is the
 * app's to show, when it asks.
 */
export function fetchAhead(pathname: string): void {
  pageAt(pathname)().catch(() => undefined);
  if (!needsSignIn(pathname)) return;
  preconnectAuthService();
  getAuthClient().catch(() => undefined);
}
