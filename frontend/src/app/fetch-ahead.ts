import { getAuthClient } from '@/lib/firebase';
import { pageAt } from './pages';

/**
 * For a page drawn in the browser (every page but the prerendered landing page): the
 * page the visitor came to, and sign-in (which restores a signed-in host's session
 * with a call to the auth service), are fetched beside the app instead of after it has
 * run. The app asks for both again and gets these same promises; a failure here is the
 * app's to show, when it asks.
 */
export function fetchAhead(pathname: string): void {
  pageAt(pathname)?.().catch(() => undefined);
  getAuthClient().catch(() => undefined);
}
