import { buttonClasses } from '@/components/ui/button';
import { Container } from '@/components/ui/container';
import { Icon } from '@/components/ui/icon';
import { HERO, SAMPLE_REPORT } from '../content';

export function Hero() {
  return (
    <section aria-labelledby="hero-title" className="relative isolate overflow-hidden bg-white">
      <div
        aria-hidden="true"
        className="pointer-events-none absolute inset-x-0 top-0 -z-10 h-[36rem] bg-gradient-to-b from-brand-50 via-white to-transparent"
      />
      <Container className="grid items-center gap-12 pt-12 pb-16 sm:pt-16 lg:grid-cols-[1.1fr_0.9fr] lg:gap-16 lg:pt-24 lg:pb-24">
        <div>
          <p className="inline-flex items-center gap-2 rounded-full border border-brand-200 bg-white px-3 py-1 text-sm font-medium text-brand-700 shadow-sm">
            <Icon name="shield" className="h-4 w-4" />
            {HERO.eyebrow}
          </p>
          <h1
            id="hero-title"
            className="mt-6 text-4xl font-extrabold tracking-tight text-balance text-slate-900 sm:text-5xl lg:text-[3.5rem] lg:leading-[1.08]"
          >
            {HERO.title}
          </h1>
          <p className="mt-6 max-w-xl text-lg leading-8 text-pretty text-slate-600">{HERO.lead}</p>

          <ul className="mt-6 space-y-2">
            {HERO.points.map((point) => (
              <li key={point} className="flex items-start gap-3 text-slate-700">
                <span className="mt-0.5 rounded-full bg-brand-100 p-0.5 text-brand-700">
                  <Icon name="check" className="h-4 w-4" />
                </span>
                <span>{point}</span>
              </li>
            ))}
          </ul>

          <div className="mt-8 flex flex-col gap-3 sm:flex-row">
            <a href={HERO.primaryCta.href} className={buttonClasses({ size: 'lg' })}>
              {HERO.primaryCta.label}
              <Icon name="arrowRight" className="h-5 w-5" />
            </a>
            <a href={HERO.secondaryCta.href} className={buttonClasses({ size: 'lg', variant: 'secondary' })}>
              {HERO.secondaryCta.label}
            </a>
          </div>

          <p className="mt-8 max-w-xl text-sm text-slate-600">
            <strong className="font-semibold text-slate-900">{HERO.claim}</strong>{' '}
            <span className="text-slate-600">{HERO.claimNote}</span>
          </p>
          <p className="mt-4 flex flex-wrap items-center gap-x-3 gap-y-2 text-sm text-slate-500">
            <span>Works with</span>
            {HERO.platforms.map((platform) => (
              <span
                key={platform}
                className="rounded-md border border-slate-200 bg-white px-2.5 py-1 font-semibold text-slate-700"
              >
                {platform}
              </span>
            ))}
          </p>
        </div>

        <SampleReportCard />
      </Container>
    </section>
  );
}

function SampleReportCard() {
  const { score } = SAMPLE_REPORT;
  return (
    <figure className="relative mx-auto w-full max-w-md lg:max-w-none">
      <div
        aria-hidden="true"
        className="absolute -inset-4 -z-10 rotate-2 rounded-3xl bg-gradient-to-tr from-brand-100 to-sky-50"
      />
      <div className="rounded-2xl border border-slate-200 bg-white p-6 shadow-xl shadow-slate-900/5">
        <div className="flex items-start justify-between gap-4">
          <div>
            <p className="text-xs font-semibold tracking-wide text-brand-600 uppercase">Optimization report</p>
            <p className="mt-1 font-semibold text-slate-900">{SAMPLE_REPORT.listing}</p>
          </div>
          <span className="shrink-0 rounded-full bg-slate-100 px-2.5 py-1 text-xs font-medium text-slate-600">
            {SAMPLE_REPORT.note}
          </span>
        </div>

        <div className="mt-6 rounded-xl bg-slate-50 p-4">
          <div className="flex items-baseline justify-between">
            <p className="text-sm font-medium text-slate-600">{score.label}</p>
            <p className="text-sm text-slate-600" data-testid="sample-score">
              <span className="text-2xl font-bold text-brand-700">{score.value}</span>
              <span className="text-slate-600">/100 · {score.band}</span>
            </p>
          </div>
          <div className="mt-3 h-2.5 overflow-hidden rounded-full bg-slate-200" aria-hidden="true">
            <div className="h-full bg-brand-600" style={{ width: `${score.value}%` }} />
          </div>
        </div>

        <ul className="mt-5 divide-y divide-slate-100">
          {SAMPLE_REPORT.findings.map((item) => (
            <li key={item.label} className="flex items-start gap-3 py-3">
              <span className="rounded-lg bg-brand-50 p-2 text-brand-700">
                <Icon name={item.icon} />
              </span>
              <span>
                <span className="block text-sm font-semibold text-slate-900">{item.label}</span>
                <span className="block text-sm text-slate-600">{item.finding}</span>
              </span>
            </li>
          ))}
        </ul>
      </div>
      <figcaption className="sr-only">An excerpt of a sample ListingLift report</figcaption>
    </figure>
  );
}
