import { Icon } from '@/components/ui/icon';
import { type ScrapeStatus } from '../hooks/use-listing-scrape';
import { LISTING_READ_MESSAGE, SCRAPING_STATUS_MESSAGE } from '../types';

interface ListingReadStatusProps {
  /** Id of the status region (the URL field's aria-describedby names it). */
  id: string;
  /** Id of the failure message. */
  errorId: string;
  status: ScrapeStatus;
  /** The scrape's failure message for the current URL, or null. */
  error: string | null;
  /** After a successful read: the facts read; else null. */
  summary: readonly string[] | null;
  /**
   * When the read was not complete (the server's coverage): what was read and what was not,
   * said instead of "Listing read ✓"; null for a complete read.
   */
  inPart?: string | null;
  /** The server said the title, the whole description and the photos were all read: only then a ✓. */
  complete?: boolean;
}

/**
 * Under the URL field: "Reading your listing…" while scraping, then what was read
 * ("Read: 2 bedrooms · 4 guests · …", with ✓ only for a complete read; otherwise what was
 * and was not read), or the failure message (SPEC §8) as an alert.
 * The status region is always rendered, so screen readers announce what appears in it.
 */
export function ListingReadStatus({ id, errorId, status, error, summary, inPart = null, complete = false }: ListingReadStatusProps) {
  let content = null;
  if (status === 'scraping') {
    content = (
      <p className="mt-2 flex items-center gap-2 text-sm font-medium text-brand-700">
        <span
          aria-hidden="true"
          className="h-4 w-4 shrink-0 animate-spin rounded-full border-2 border-brand-200 border-t-brand-600"
        />
        {SCRAPING_STATUS_MESSAGE}
      </p>
    );
  } else if (summary !== null && inPart !== null) {
    // Not "read ✓": the page gave only part of what a report uses.
    content = (
      <p className="mt-2 flex items-start gap-2 text-sm text-amber-900" data-testid="listing-summary" data-read="partial">
        <Icon name="alert" className="mt-px h-4 w-4 text-amber-600" />
        <span>
          {summary.length > 0 && <span className="block">Read: {summary.join(' · ')}</span>}
          <span className="block">{inPart}</span>
        </span>
      </p>
    );
  } else if (summary !== null) {
    content = (
      <p className="mt-2 flex items-start gap-2 text-sm text-slate-700" data-testid="listing-summary" data-read={complete ? 'complete' : 'unknown'}>
        <Icon
          name={complete ? 'checkCircle' : 'description'}
          className={complete ? 'mt-px h-4 w-4 text-green-600' : 'mt-px h-4 w-4 text-slate-500'}
        />
        <span>{summary.length > 0 ? `Read: ${summary.join(' · ')}` : LISTING_READ_MESSAGE}</span>
      </p>
    );
  }

  return (
    <>
      <div id={id} role="status">
        {content}
      </div>
      {error && (
        <p
          id={errorId}
          role="alert"
          className="mt-2 flex items-start gap-2 rounded-lg border border-red-200 bg-red-50 px-3.5 py-2.5 text-sm font-medium text-red-800"
        >
          <Icon name="alert" className="mt-px h-4 w-4" />
          {error}
        </p>
      )}
    </>
  );
}
