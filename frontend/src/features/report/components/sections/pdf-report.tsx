import { buttonClasses } from '@/components/ui/button';
import { Icon } from '@/components/ui/icon';
import { PDF_FAILED_MESSAGE, PDF_LINK_COMING_MESSAGE, PDF_PREMIUM_ONLY_MESSAGE, PDF_PREPARING_MESSAGE } from '@/lib/messages';
import { includes, pdfHref } from '../../results';
import { supportMailto } from '@/lib/support';
import { type AppConfig } from '@/lib/config';
import { type OptimizationResult } from '@/lib/report/read';

/** The PDF link (Premium), or why there is none. */
export interface PdfReportProps {
  result: OptimizationResult;
  sessionId: string;
  config: Pick<AppConfig, 'apiBase' | 'supportEmail'>;
  /** The PDF link's base when apiBase is not a URL. */
  pageOrigin: string;
  pdfPending?: boolean | undefined;
  /** The page was drawn by the server, which never puts the link in: it is being asked for. */
  linkPending?: boolean | undefined;
}

export function PdfReport({ result, sessionId, config, pageOrigin, pdfPending, linkPending }: PdfReportProps) {
  const href = pdfHref(result.pdf_download_url, config.apiBase, pageOrigin);
  const pdf = includes(result, 'pdf');
  return (
    <div className="mt-8 flex flex-col items-start gap-3 rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:flex-row sm:items-center sm:justify-between sm:p-7" data-testid="pdf-report">
      <div className="flex items-center gap-3">
        <span className="flex h-9 w-9 items-center justify-center rounded-lg bg-brand-50 text-brand-600" aria-hidden="true">
          <Icon name="description" className="h-5 w-5" />
        </span>
        <h2 className="text-lg font-semibold text-slate-900">PDF report</h2>
      </div>
      {href ? (
        <a href={href} target="_blank" rel="noopener noreferrer" className={buttonClasses({})}>
          Download PDF Report
        </a>
      ) : pdf && linkPending ? (
        <p className="text-sm font-medium text-slate-600" role="status" data-testid="pdf-message">
          {PDF_LINK_COMING_MESSAGE}
        </p>
      ) : pdf && pdfPending ? (
        <p className="text-sm font-medium text-slate-600" role="status" data-testid="pdf-message">
          {PDF_PREPARING_MESSAGE}
        </p>
      ) : pdf ? (
        <a
          href={supportMailto(config.supportEmail, {
            subject: 'PDF report not generated',
            body: `My Premium report's PDF was not generated.\n\nCheckout session: ${sessionId}\n`,
          })}
          className="text-sm font-semibold text-red-700 hover:underline"
          data-testid="pdf-message"
        >
          {PDF_FAILED_MESSAGE}
        </a>
      ) : (
        <p className="text-sm font-medium text-slate-600" data-testid="pdf-message">
          {PDF_PREMIUM_ONLY_MESSAGE}
        </p>
      )}
    </div>
  );
}
