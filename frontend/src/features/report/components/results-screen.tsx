import { type ReactNode } from 'react';
import { PageShell } from '@/components/layouts/page-shell';
import { ButtonLink } from '@/components/ui/button';
import { Container } from '@/components/ui/container';
import { Icon } from '@/components/ui/icon';
import { type AppConfig } from '@/lib/config';
import { formatDate } from '@/lib/format';
import { isPremium, resultsHeading, titleOptions } from '../results';
import { type OptimizationResult } from '@/lib/report/read';
import { Comparison } from './sections/comparison';
import { ContentOptimization } from './sections/content-optimization';
import { DataSources } from './sections/data-sources';
import { DescriptionRewrite } from './sections/description-rewrite';
import { DoFirst } from './sections/do-first';
import { ImmediateActions } from './sections/immediate-actions';
import { MarketAnalysis } from './sections/market-analysis';
import { OverallScore } from './sections/overall-score';
import { PdfReport } from './sections/pdf-report';
import { SuggestedAmenities } from './sections/suggested-amenities';
import { SummaryCards } from './sections/summary-cards';

export interface ResultsScreenProps {
  result: OptimizationResult;
  sessionId: string;
  config: Pick<AppConfig, 'apiBase' | 'supportEmail'>;
  /** This page's origin (location.origin), the PDF link's base when apiBase is not a URL. */
  pageOrigin: string;
  /** Premium: the PDF is being made again (storage refused it); says so instead of "failed". */
  pdfPending?: boolean;
  /** A Basic report's upgrade offer, shown after the PDF notice. */
  upgradeOffer?: ReactNode;
  /** The free re-check offer, shown after the upgrade offer. */
  recheckOffer?: ReactNode;
  /** The owner's share link, shown after the re-check offer. */
  shareOffer?: ReactNode;
  /** Opened through a share link: read-only, saying when it was made and until when the link works; no PDF, offers or dashboard. */
  shared?: { reportDate: string; sharedUntil: string };
}

/** The heading of a report opened through a share link. */
export const SHARED_HEADING = 'A listing report shared with you';

/** SPEC §2 results screen (§3 fields, §9 limits). */
export function ResultsScreen(props: ResultsScreenProps) {
  const { result } = props;
  const premium = isPremium(result);
  const title = titleOptions(result).current;
  const { shared } = props;
  return (
    <PageShell documentTitle={shared ? 'Shared listing report · ListingLift' : 'Your optimization report · ListingLift'} mainClassName="py-10 sm:py-14">
      <Container className="max-w-5xl">
        <header className="text-center">
          <span className="mx-auto flex h-12 w-12 items-center justify-center rounded-full bg-green-50 text-green-600" aria-hidden="true">
            <Icon name="checkCircle" className="h-7 w-7" />
          </span>
          <div className="mt-4 flex flex-wrap items-center justify-center gap-3">
            <h1 className="text-2xl font-bold tracking-tight text-balance text-slate-900 sm:text-3xl">
              {shared ? SHARED_HEADING : resultsHeading(result.package_type, result.comparison != null)}
            </h1>
            {premium && (
              <span className="rounded-full bg-brand-600 px-3 py-1 text-xs font-semibold tracking-wide text-white uppercase" data-testid="premium-badge">
                Premium
              </span>
            )}
          </div>
          {(title || result.location) && (
            <p className="mx-auto mt-2 max-w-2xl text-slate-600">{[title, result.location].filter(Boolean).join(' · ')}</p>
          )}
          {shared && (
            <p className="mx-auto mt-3 max-w-2xl text-sm text-slate-600" data-testid="shared-note">
              A read-only copy of a ListingLift report made on {formatDate(shared.reportDate)}. This link works until{' '}
              {formatDate(shared.sharedUntil)}.
            </p>
          )}
          {result.layout_notice && (
            <p
              role="note"
              className="mx-auto mt-4 max-w-2xl rounded-lg border border-amber-300 bg-amber-50 px-4 py-3 text-left text-sm font-medium text-amber-900"
              data-testid="layout-notice"
            >
              {result.layout_notice}
            </p>
          )}
        </header>

        <Comparison result={result} />
        <OverallScore result={result} />
        <DoFirst result={result} />
        <SummaryCards result={result} />
        <ImmediateActions result={result} />
        {!premium && <DescriptionRewrite result={result} />}
        <SuggestedAmenities result={result} />
        {premium && <MarketAnalysis result={result} />}
        {premium && <ContentOptimization result={result} />}
        {!shared && <PdfReport result={result} sessionId={props.sessionId} config={props.config} pageOrigin={props.pageOrigin} pdfPending={props.pdfPending} />}
        {props.upgradeOffer}
        {props.recheckOffer}
        {props.shareOffer}

        <nav aria-label="Next steps" className="mt-8 flex flex-col justify-center gap-3 sm:flex-row">
          {shared ? (
            <ButtonLink to="/" size="lg">
              Optimize your own listing
            </ButtonLink>
          ) : (
            <>
              <ButtonLink to="/" size="lg">
                Optimize Another Listing
              </ButtonLink>
              <ButtonLink to="/dashboard" size="lg" variant="secondary">
                View Dashboard
              </ButtonLink>
            </>
          )}
        </nav>

        <DataSources result={result} />
      </Container>
    </PageShell>
  );
}
