import { type ApiClient } from '@/lib/api-client';
import { readRecheck, type RecheckInfo } from '@/lib/orders/get-optimization-result';
import { readWatch, type Watch } from '@/lib/watch/watch';
import { type ListingReport, type ListingsResponse } from '@/types/api';

/** A listing on the dashboard: its completed reports, oldest first, and the re-check it offers. */
export interface Listing {
  listingUrl: string;
  listingTitle: string;
  reports: ListingReport[];
  /** Null when none of its reports is a bought one with re-checks. */
  recheck: RecheckInfo | null;
  /** The watch of its bought Premium report (issue 45); null when it has none. */
  watch: Watch | null;
}

/**
 * GET /api/listings — the host's listings, the one reported on most recently first, each with
 * its completed reports (oldest first, with their overall scores), its re-check offer and its watch.
 */
export async function getListings(api: ApiClient, signal?: AbortSignal): Promise<Listing[]> {
  const response = await api.get<ListingsResponse>('/listings', { signal });
  const listings = Array.isArray(response.listings) ? response.listings : [];
  return listings.map((listing) => ({
    listingUrl: listing.listingUrl,
    listingTitle: listing.listingTitle,
    reports: Array.isArray(listing.reports) ? listing.reports : [],
    recheck: readRecheck(listing.recheck),
    watch: readWatch(listing.watch),
  }));
}
