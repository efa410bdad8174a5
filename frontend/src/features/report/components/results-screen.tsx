import { type ReactNode } from 'react';
import { LoadWhenNear } from '@/components/load-when-near';
import { PageShell } from '@/components/layouts/page-shell';
import { ButtonLink } from '@/components/ui/button';
import { Container } from '@/components/ui/container';
import { Icon } from '@/components/ui/icon';
import { Pill } from '@/components/ui/pill';
import { type AppConfig } from '@/lib/config';
import { deferredChunk } from '@/lib/deferred-chunk';
import { formatDate } from '@/lib/format';
import { includes, planBadge, resultsHeading, titleOptions } from '../results';
import { type OptimizationResult } from '@/lib/report/read';
import { Comparison } from './sections/comparison';
import { DataSources } from './sections/data-sources';
import { DoFirst } from './sections/do-first';
import type * as DetailsModule from './report-details';
import type * as PremiumModule from './report-premium';
import { OverallScore } from './sections/overall-score';

/**
 * What a host sees first on a phone and a laptop (the header, the comparison with the last
 * check, the listing score, "Do these first") is in this page's chunk; the sections below
 * are in chunks of their own, loaded as the placeholder comes near the viewport or once the
 * page is idle. A Premium report loads both chunks and shows them together, so the report
 * below the first screen arrives whole; a Basic report never downloads Premium's.
 */
type Details = typeof DetailsModule;
type PremiumParts = typeof PremiumModule;
/** The sections a report's chunks hold: Premium's only in a Premium report's. */
type Parts = Details & Partial<PremiumParts>;
const basicParts = deferredChunk(() => import('./report-details'));
const premiumParts = deferredChunk(async () => {
  const [details, premium] = await Promise.all([import('./report-details'), import('./report-premium')]);
  return { ...details, ...premium };
});

export interface ResultsScreenProps {
  result: OptimizationResult;
  sessionId: string;
  config: Pick<AppConfig, 'apiBase' | 'supportEmail'>;
  /** This page's origin (location.origin), the PDF link's base when apiBase is not a URL. */
  pageOrigin: string;
  /** Premium: the PDF is being made again (storage refused it); says so instead of "failed". */
  pdfPending?: boolean;
  /** The page was drawn by the server without the PDF link, which is being asked for. */
  pdfLinkPending?: boolean;
  /** A Basic report's upgrade offer, shown after the PDF notice. */
  upgradeOffer?: ReactNode;
  /** The free re-check offer, shown after the upgrade offer. */
  recheckOffer?: ReactNode;
  /** The bought report's Watch (issue 45), shown after the re-check offer. */
  watchPanel?: ReactNode;
  /** The owner's share link, shown after the Watch. */
  shareOffer?: ReactNode;
  /** Opened through a share link: read-only, saying when it was made and until when the link works; no PDF, offers or dashboard. */
  shared?: { reportDate: string; sharedUntil: string };
}

/** The heading of a report opened through a share link. */
export const SHARED_HEADING = 'A listing report shared with you';

/** The results page's main area and container (the server's template draws them the same: report-header-template.tsx). */
export const RESULTS_MAIN_CLASS = 'py-10 sm:py-14';
export const RESULTS_CONTAINER_CLASS = 'max-w-5xl';

/**
 * The space the sections below the first screen are loaded into, as tall as they will be (so
 * the footer does not jump): a plan with the market analytics has their chunk's sections too.
 */
export const BELOW_THE_FOLD_CLASS = {
  full: 'mt-8 min-h-[7800px] sm:min-h-[5800px] lg:min-h-[4900px]',
  basic: 'mt-8 min-h-[4700px] sm:min-h-[3600px] lg:min-h-[2900px]',
} as const;

/** The fields of the header the server's template fills in (backend httpapi/reportpage.go). */
export type HeaderField = 'Badge' | 'Line' | 'Notice';

export interface ReportHeaderProps {
  heading: string;
  /** Beside the heading: the plan's name for a plan with the market analytics (planBadge); '' none. */
  badge: string;
  /** The listing's title and location, joined with " · "; '' none. */
  line: string;
  /** The layout notice (report.layout_notice); '' none. */
  notice: string;
  shared?: ResultsScreenProps['shared'];
  /**
   * Draws a part the header shows only when its field is set: the app draws it when `shown`;
   * the server's template (report-header-template.tsx) draws it inside a condition on `field`.
   */
  part?: (field: HeaderField, shown: boolean, node: ReactNode) => ReactNode;
}

const shownWhen = (_field: HeaderField, shown: boolean, node: ReactNode) => (shown ? node : null);

/** The report's header: the one both the app and the page the server draws show. */
export function ReportHeader({ heading, badge, line, notice, shared, part = shownWhen }: ReportHeaderProps) {
  return (
    <header className="text-center">
      <span className="mx-auto flex h-12 w-12 items-center justify-center rounded-full bg-green-50 text-green-600" aria-hidden="true">
        <Icon name="checkCircle" className="h-7 w-7" />
      </span>
      <div className="mt-4 flex flex-wrap items-center justify-center gap-3">
        <h1 className="text-2xl font-bold tracking-tight text-balance text-slate-900 sm:text-3xl">{heading}</h1>
        {part(
          'Badge',
          badge !== '',
          <Pill tone="brand" data-testid="premium-badge">
            {badge}
          </Pill>,
        )}
      </div>
      {part('Line', line !== '', <p className="mx-auto mt-2 max-w-2xl text-slate-600">{line}</p>)}
      {shared && (
        <p className="mx-auto mt-3 max-w-2xl text-sm text-slate-600" data-testid="shared-note">
          A read-only copy of a ListingLift report made on {formatDate(shared.reportDate)}. This link works until{' '}
          {formatDate(shared.sharedUntil)}.
        </p>
      )}
      {part(
        'Notice',
        notice !== '',
        <p
          role="note"
          className="mx-auto mt-4 max-w-2xl rounded-lg border border-amber-300 bg-amber-50 px-4 py-3 text-left text-sm font-medium text-amber-900"
          data-testid="layout-notice"
        >
          {notice}
        </p>,
      )}
    </header>
  );
}

/** SPEC §2 results screen (§3 fields, §9 limits). */
export function ResultsScreen(props: ResultsScreenProps) {
  const { result } = props;
  // A plan with the market analytics has its own sections, in a chunk of their own.
  const full = includes(result, 'marketAnalytics');
  const title = titleOptions(result).current;
  const { shared } = props;
  return (
    <PageShell documentTitle={shared ? 'Shared listing report · ListingLift' : 'Your optimization report · ListingLift'} mainClassName={RESULTS_MAIN_CLASS}>
      <Container className={RESULTS_CONTAINER_CLASS}>
        <ReportHeader
          heading={shared ? SHARED_HEADING : resultsHeading(result.package_type, result.comparison != null)}
          badge={planBadge(result)}
          line={[title, result.location].filter(Boolean).join(' · ')}
          notice={result.layout_notice ?? ''}
          shared={shared}
        />

        <Comparison result={result} />
        <OverallScore result={result} />
        <DoFirst result={result} />
        <LoadWhenNear<Parts>
          chunk={full ? premiumParts : basicParts}
          what="The rest of the report"
          className={full ? BELOW_THE_FOLD_CLASS.full : BELOW_THE_FOLD_CLASS.basic}
        >
          {(parts) => <BelowTheFold parts={parts} {...props} />}
        </LoadWhenNear>
        {props.upgradeOffer}
        {props.recheckOffer}
        {props.watchPanel}
        {props.shareOffer}

        {/*
          The report's appendix, before the next steps: the facts the report rests on (in the details'
          chunk, loaded by now), then where they came from and what could not be read.
        */}
        {result.listing?.facts?.length ? (
          <LoadWhenNear<Parts> chunk={full ? premiumParts : basicParts} what="What we read from your page" className="mt-10 min-h-[900px] lg:min-h-[520px]">
            {({ ListingRead }) => <ListingRead result={result} />}
          </LoadWhenNear>
        ) : null}
        <DataSources result={result} />

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
      </Container>
    </PageShell>
  );
}

/** The sections below the first screen, in the report's order (SPEC §2). */
function BelowTheFold({ parts, result, shared, ...props }: ResultsScreenProps & { parts: Parts }) {
  const { SummaryCards, ImmediateActions, AreaDetails, DescriptionRewrite, SuggestedAmenities, MarketAnalysis, ContentOptimization, PdfReport } = parts;
  const full = includes(result, 'marketAnalytics');
  return (
    <>
      <SummaryCards result={result} />
      <ImmediateActions result={result} />
      {/* What a host needs of the five areas that is not an action (SPEC §2's area blocks), below the ranked list. */}
      <AreaDetails result={result} />
      {!full && <DescriptionRewrite result={result} />}
      <SuggestedAmenities result={result} />
      {full && MarketAnalysis && <MarketAnalysis result={result} />}
      {full && ContentOptimization && <ContentOptimization result={result} />}
      {!shared && <PdfReport result={result} sessionId={props.sessionId} config={props.config} pageOrigin={props.pageOrigin} pdfPending={props.pdfPending} linkPending={props.pdfLinkPending} />}
    </>
  );
}
