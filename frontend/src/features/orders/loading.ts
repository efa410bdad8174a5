/**
 * The /payment-success loading screen (SPEC §2, §9) and the poll behind it.
 *
 * Shown once the payment is confirmed (before that the page waits for Stripe, without a bar).
 * The bar grows by a random 0–PROGRESS_MAX_STEP every PROGRESS_TICK_MS and stays at or below
 * PROGRESS_CAP until the report is complete; it also follows the real job: it never shows
 * less than the progress the server reports (still capped). The plan's steps (SPEC's six for
 * Premium, four for Basic) rotate every STEP_ROTATION_MS; once the server names a stage, the rotation stays on the steps of that
 * stage, and the steps before it show as done.
 */
import { FEATURES } from '@/lib/product';
import { hasFullAnalysis, PLANS, type PlanId } from '@/lib/plans';
import { type ResultStage } from '@/lib/report/read';

/** SPEC §7 poll of GET /api/get-optimization-result/{session_id}. */
export const POLL_INTERVAL_MS = 2000;
/** Polling stops after this long without a final answer; the host can check again. */
export const MAX_POLL_DURATION_MS = 10 * 60 * 1000;
/** Consecutive "no answer" failures tolerated while polling (a phone changing networks). */
export const MAX_NETWORK_RETRIES = 3;

/** SPEC §9: tick 0.8 s, random increment 0–15, cap 95 %, steps rotate every 3 s. */
export const PROGRESS_TICK_MS = 800;
export const PROGRESS_MAX_STEP = 15;
export const PROGRESS_CAP = 95;
export const STEP_ROTATION_MS = 3000;

/** SPEC §2's loading screen is Premium's; a Basic order has its own title, note and steps (loadingContent). */
export const LOADING_TITLE = 'Creating Your Optimization Report';
export const PREMIUM_DURATION_NOTE = 'Premium optimization can take up to 60 seconds. Please keep this page open.';
export const BASIC_LOADING_TITLE = 'Creating Your Basic Report';
/** Basic reads no photos' pixels, compares no market and renders no PDF; past a minute the slow note takes over. */
export const BASIC_DURATION_NOTE = 'A Basic report usually takes less than a minute. Please keep this page open.';

export interface LoadingStep {
  title: string;
  text: string;
}

/** SPEC §2: the six steps, in order (Premium's; see loadingContent), as they read when a language model writes the copy. */
export const LOADING_STEPS: readonly LoadingStep[] = [
  { title: 'AI Analysis', text: 'Reading your listing page, photos, calendar and reviews' },
  { title: 'Market Research', text: 'Comparing your listing with similar listings nearby' },
  { title: 'Title Optimization (3 options)', text: 'Writing titles guests search for, within your site’s title limit' },
  { title: 'Content Enhancement', text: 'Rewriting your description around your strongest features' },
  { title: 'Performance Insights', text: 'Scoring your listing and projecting the revenue impact' },
  { title: 'PDF Generation', text: 'Preparing your downloadable report' },
];

/**
 * A Basic report's own steps: what it does, and nothing it does not (no market research,
 * no PDF). The title options come from the plan table.
 */
export const BASIC_LOADING_STEPS: readonly LoadingStep[] = [
  { title: 'Listing Analysis', text: 'Reading your listing page: title, description, photos, amenities and reviews' },
  { title: 'Scores and Priorities', text: 'Scoring each section of your listing and ranking what to fix first' },
  { title: `Title Optimization (${PLANS.basic.titleOptions} options)`, text: 'Writing titles guests search for, within your site’s title limit' },
  { title: 'Content Enhancement', text: 'Rewriting your description around your strongest features' },
];

/**
 * SPEC's first step is "AI Analysis": true only where a language model takes part. Without one
 * (the runtime configuration's copyModel false: the built-in writer) the step is named by what it
 * does, as Basic's is.
 */
export const NO_MODEL_FIRST_STEP = 'Listing Analysis';

/** What a plan's loading screen says: its title, its note and its steps. */
export interface LoadingContent {
  title: string;
  note: string;
  steps: readonly LoadingStep[];
}

/**
 * The loading screen of a plan. Premium (and an order whose plan is not known yet) is
 * SPEC's screen, with the title options Premium really gives (10+); Basic has its own.
 */
export function loadingContent(plan: PlanId | null, copyModel: boolean): LoadingContent {
  if (!specScreen(plan)) return { title: BASIC_LOADING_TITLE, note: BASIC_DURATION_NOTE, steps: BASIC_LOADING_STEPS };
  return { title: LOADING_TITLE, note: PREMIUM_DURATION_NOTE, steps: loadingSteps(plan, copyModel) };
}

/** How many steps a plan's loading screen rotates over. */
export function stepCount(plan: PlanId | null): number {
  return (specScreen(plan) ? LOADING_STEPS : BASIC_LOADING_STEPS).length;
}

/**
 * Whether a plan's loading screen is SPEC's (market research, a PDF): a plan with the full
 * analysis (the plan table's), or one not known yet; Basic has its own.
 */
function specScreen(plan: PlanId | null): boolean {
  return plan === null || hasFullAnalysis(plan);
}

/**
 * SPEC's six steps for a plan, with the title options the plan really gives (Premium: 10+),
 * and the first named for what it is when no model runs (NO_MODEL_FIRST_STEP).
 */
export function loadingSteps(plan: PlanId | null, copyModel: boolean): readonly LoadingStep[] {
  return LOADING_STEPS.map((step, i) => {
    if (i === 0 && !copyModel) return { ...step, title: NO_MODEL_FIRST_STEP };
    if (plan !== null && step.title.startsWith('Title Optimization')) return { ...step, title: `Title Optimization (${PLANS[plan].titleOptions} options)` };
    return step;
  });
}

/** Where each server stage stands in a loading screen's steps (first and last index): SPEC's, and Basic's own (no PDF step). */
type StageSteps = Readonly<Record<'reading' | 'analyzing' | 'writing' | 'finishing', readonly [number, number]>>;
const SPEC_STAGE_STEPS: StageSteps = { reading: [0, 0], analyzing: [1, 1], writing: [2, 4], finishing: [5, 5] };
const BASIC_STAGE_STEPS: StageSteps = { reading: [0, 0], analyzing: [1, 1], writing: [2, 3], finishing: [3, 3] };

/** The steps (first and last index into the plan's steps) a server stage stands for; null before the work starts. */
export function stageSteps(stage: ResultStage | null, plan: PlanId | null): readonly [number, number] | null {
  const steps = specScreen(plan) ? SPEC_STAGE_STEPS : BASIC_STAGE_STEPS;
  switch (stage) {
    case 'reading_listing':
      return steps.reading;
    case 'analyzing':
      return steps.analyzing;
    case 'writing':
      return steps.writing;
    case 'rendering_pdf':
    case 'saving':
      return steps.finishing;
    case 'paid':
    case 'queued':
    case null:
      return null;
  }
}

/** The step the rotation shows after `ticks` rotations: within the stage's steps when known, else over all `count`. */
export function activeStepIndex(ticks: number, range: readonly [number, number] | null, count = LOADING_STEPS.length): number {
  if (!range) return ticks % count;
  const [first, last] = range;
  return first + (ticks % (last - first + 1));
}

/**
 * The next value of the bar: the current value plus random() × PROGRESS_MAX_STEP, at least
 * the server's progress, at most PROGRESS_CAP. `random` returns a number in [0, 1).
 */
export function nextProgress(current: number, random: () => number, serverProgress: number | null = null): number {
  const grown = current + random() * PROGRESS_MAX_STEP;
  return Math.min(PROGRESS_CAP, Math.max(grown, serverProgress ?? 0));
}

/** What the bar shows between ticks: the simulated value, raised to the server's progress, capped. */
export function displayedProgress(simulated: number, serverProgress: number | null): number {
  return Math.min(PROGRESS_CAP, Math.max(simulated, serverProgress ?? 0));
}

// Each plan's features after its first line ("The core report: …" / "Everything in Basic").
const planExtras = (id: PlanId): string[] => PLANS[id].features.slice(1);

/** SPEC §2 "What's Included": the report's sections (the landing page's feature cards), plus the plan's extras once known. */
export function whatsIncluded(plan: PlanId | null): string[] {
  return [...FEATURES.map((feature) => feature.title), ...(plan ? planExtras(plan) : [])];
}
