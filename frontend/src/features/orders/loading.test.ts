import { describe, expect, it } from 'vitest';
import { FEATURES, PRICING_PLANS } from '@/lib/product';
import {
  activeStepIndex,
  BASIC_LOADING_STEPS,
  displayedProgress,
  loadingContent,
  LOADING_STEPS,
  loadingSteps,
  nextProgress,
  POLL_INTERVAL_MS,
  PREMIUM_DURATION_NOTE,
  PROGRESS_CAP,
  PROGRESS_MAX_STEP,
  PROGRESS_TICK_MS,
  stageSteps,
  STEP_ROTATION_MS,
  whatsIncluded,
} from './loading';
import { createSeededRandom } from '@/testing/random';
import { RESULT_STAGES } from '@/lib/report/read';

describe('loading constants (SPEC §7, §9)', () => {
  it('ticks every 0.8 s by up to 15, caps at 95, rotates steps every 3 s, polls every 2 s', () => {
    expect(PROGRESS_TICK_MS).toBe(800);
    expect(PROGRESS_MAX_STEP).toBe(15);
    expect(PROGRESS_CAP).toBe(95);
    expect(STEP_ROTATION_MS).toBe(3000);
    expect(POLL_INTERVAL_MS).toBe(2000);
  });

  it('has the six SPEC steps in order', () => {
    expect(LOADING_STEPS.map((s) => s.title)).toEqual([
      'AI Analysis',
      'Market Research',
      'Title Optimization (3 options)',
      'Content Enhancement',
      'Performance Insights',
      'PDF Generation',
    ]);
  });
});

describe('nextProgress', () => {
  it('adds random() × 15', () => {
    expect(nextProgress(10, () => 0)).toBe(10);
    expect(nextProgress(10, () => 0.5)).toBe(17.5);
    expect(nextProgress(10, () => 0.999)).toBeCloseTo(24.985);
  });

  it('never passes 95, whatever the random source or the server says', () => {
    const random = createSeededRandom(42);
    let value = 0;
    const seen: number[] = [];
    for (let i = 0; i < 200; i += 1) {
      const next = nextProgress(value, random, i > 100 ? 100 : null);
      expect(next).toBeGreaterThanOrEqual(value);
      expect(next - value).toBeLessThanOrEqual(PROGRESS_MAX_STEP);
      expect(next).toBeLessThanOrEqual(PROGRESS_CAP);
      seen.push(next);
      value = next;
    }
    expect(seen.at(-1)).toBe(95);
    expect(nextProgress(94, () => 0.99)).toBe(95);
  });

  it('never shows less than the server’s progress (capped at 95)', () => {
    expect(nextProgress(10, () => 0, 60)).toBe(60);
    expect(nextProgress(70, () => 0, 60)).toBe(70);
    expect(displayedProgress(10, 60)).toBe(60);
    expect(displayedProgress(10, null)).toBe(10);
    expect(displayedProgress(10, 100)).toBe(95);
  });

  it('is reproducible with a seeded random', () => {
    const run = () => {
      const random = createSeededRandom(7);
      let value = 0;
      return Array.from({ length: 5 }, () => (value = nextProgress(value, random)));
    };
    expect(run()).toEqual(run());
  });
});

describe('steps and stages', () => {
  it('rotates over all six steps while the stage is unknown', () => {
    expect([0, 1, 2, 5, 6, 7].map((t) => activeStepIndex(t, null))).toEqual([0, 1, 2, 5, 0, 1]);
  });

  it('stays on the steps of the current stage', () => {
    expect([0, 1, 2, 3].map((t) => activeStepIndex(t, [2, 4]))).toEqual([2, 3, 4, 2]);
    expect([0, 1].map((t) => activeStepIndex(t, [1, 1]))).toEqual([1, 1]);
  });

  it('maps every server stage to steps, in order', () => {
    expect(RESULT_STAGES.map((stage) => stageSteps(stage, 'premium'))).toEqual([null, null, [0, 0], [1, 1], [2, 4], [5, 5], [5, 5]]);
    // Basic's own four steps: no market research, no PDF.
    expect(RESULT_STAGES.map((stage) => stageSteps(stage, 'basic'))).toEqual([null, null, [0, 0], [1, 1], [2, 3], [3, 3], [3, 3]]);
    expect(stageSteps(null, null)).toBeNull();
  });

  it('rotates over the plan’s own steps', () => {
    expect([0, 3, 4].map((t) => activeStepIndex(t, null, BASIC_LOADING_STEPS.length))).toEqual([0, 3, 0]);
  });
});

describe('loadingContent', () => {
  it('is SPEC’s Premium screen for Premium and before the plan is known', () => {
    for (const plan of ['premium', null] as const) {
      const content = loadingContent(plan, true);
      expect(content.title).toBe('Creating Your Optimization Report');
      expect(content.note).toBe(PREMIUM_DURATION_NOTE);
      expect(content.steps).toHaveLength(6);
    }
  });

  it('gives Basic its own title, note and steps, promising no Premium timing, market research or PDF', () => {
    const basic = loadingContent('basic', true);
    expect(basic.title).toBe('Creating Your Basic Report');
    expect(basic.steps.map((s) => s.title)).toEqual(['Listing Analysis', 'Scores and Priorities', 'Title Optimization (3 options)', 'Content Enhancement']);
    const said = [basic.title, basic.note, ...basic.steps.flatMap((s) => [s.title, s.text]), ...whatsIncluded('basic')].join(' ');
    for (const promise of [/premium/i, /60 seconds/, /\bPDF\b/, /market/i, /e-mail/i, /AI\b/]) {
      expect(said).not.toMatch(promise);
    }
  });
});

describe('whatsIncluded', () => {
  it('lists the report sections, plus the plan’s extras once known', () => {
    const core = FEATURES.map((f) => f.title);
    expect(whatsIncluded(null)).toEqual(core);
    expect(whatsIncluded('basic')).toEqual([...core, '3 tailored suggestions', '7-day support']);
    const premium = whatsIncluded('premium');
    expect(premium).toEqual(expect.arrayContaining(['10+ tailored suggestions', 'Downloadable PDF report', 'Report delivered by e-mail']));
    // The first pricing line of each plan is its summary, which the list leaves out.
    expect(PRICING_PLANS.map((p) => p.features[0])).toEqual([expect.stringMatching(/^The core report/), 'Everything in Basic']);
  });
});

describe('loadingSteps', () => {
  it('names the title options the plan really gives', () => {
    expect(loadingSteps('basic', true)[2]?.title).toBe('Title Optimization (3 options)');
    expect(loadingSteps('premium', true)[2]?.title).toBe('Title Optimization (10+ options)');
    expect(loadingSteps(null, true)).toEqual(LOADING_STEPS);
    expect(loadingSteps('premium', true).map((s) => s.title).filter((t) => !t.startsWith('Title'))).toEqual(
      LOADING_STEPS.map((s) => s.title).filter((t) => !t.startsWith('Title')),
    );
  });

  it.each([
    [true, 'AI Analysis'],
    [false, 'Listing Analysis'],
  ])('with a copy model %s, calls the first step %s: "AI" only where a model runs', (copyModel, first) => {
    for (const plan of ['premium', null] as const) {
      const steps = loadingSteps(plan, copyModel);
      expect(steps[0]).toEqual({ title: first, text: 'Reading your listing page, photos, calendar and reviews' });
      expect(steps.slice(1).map((s) => s.title).join(' ')).not.toMatch(/\bAI\b/);
    }
  });
});
