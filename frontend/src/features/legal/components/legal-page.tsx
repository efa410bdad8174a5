import { PageShell } from '@/components/layouts/page-shell';
import { config as appConfig, type AppConfig } from '@/lib/config';
import { legalDocument } from '../content';
import { type LegalPath } from '@/lib/legal-pages';

interface LegalPageProps {
  path: LegalPath;
  config?: Pick<AppConfig, 'companyName' | 'companyAddress' | 'supportEmail'>;
}

/** A legal page: its title, when it last changed, and its sections, as plain text. */
export function LegalPage({ path, config = appConfig }: LegalPageProps) {
  const doc = legalDocument(path, config);
  return (
    <PageShell documentTitle={`${doc.title} · ListingLift`} mainClassName="px-4 py-12 sm:py-16">
      <article className="mx-auto max-w-2xl rounded-2xl border border-slate-200 bg-white p-6 shadow-sm sm:p-10">
        <h1 className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">{doc.title}</h1>
        <p className="mt-1 text-sm text-slate-600">Last updated {doc.updated}</p>
        <p className="mt-6 text-slate-700">{doc.intro}</p>
        {doc.sections.map((section) => (
          <section key={section.heading} className="mt-8">
            <h2 className="text-lg font-semibold text-slate-900">{section.heading}</h2>
            {section.paragraphs?.map((p) => (
              <p key={p} className="mt-2 text-slate-700">
                {p}
              </p>
            ))}
            {section.bullets && (
              <ul className="mt-2 list-disc space-y-1.5 pl-5 text-slate-700">
                {section.bullets.map((b) => (
                  <li key={b}>{b}</li>
                ))}
              </ul>
            )}
          </section>
        ))}
      </article>
    </PageShell>
  );
}

export const TermsPage = () => <LegalPage path="/terms" />;
export const PrivacyPage = () => <LegalPage path="/privacy" />;
export const RefundsPage = () => <LegalPage path="/refunds" />;
