import { useId, useState } from 'react';
import { Icon } from '@/components/ui/icon';
import { type Evidence } from '@/lib/report/read';
import { whySentence } from './not-assessed';

/** How many pieces of evidence show before "Show all N" (pdfreport.WhyMax: the PDF's and e-mail's too). */
export const WHY_MAX = 6;

/**
 * "Why?": what an action or finding rests on, from the host's own page, behind a real button
 * (aria-expanded, keyboard and screen-reader usable). Page text is rendered as text only. Nothing when
 * the action carries no evidence.
 */
export function Why({ evidence }: { evidence: readonly Evidence[] | undefined }) {
  const [open, setOpen] = useState(false);
  const [all, setAll] = useState(false);
  const id = useId();
  const sentences = [...new Set((evidence ?? []).map(whySentence).filter(Boolean))];
  if (sentences.length === 0) return null;
  const shown = all ? sentences : sentences.slice(0, WHY_MAX);
  return (
    <div className="mt-1" data-testid="why">
      <button
        type="button"
        aria-expanded={open}
        aria-controls={id}
        onClick={() => setOpen((o) => !o)}
        className="inline-flex min-h-6 items-center gap-1 rounded py-0.5 text-xs font-medium text-brand-700 hover:underline focus-visible:outline-2 focus-visible:outline-brand-600"
        data-testid="why-button"
      >
        Why?
        <Icon name="chevron" className={open ? 'h-3.5 w-3.5 rotate-180 transition-transform' : 'h-3.5 w-3.5 transition-transform'} />
      </button>
      <ul id={id} hidden={!open} className="mt-1 space-y-1 rounded-md bg-slate-50 px-3 py-2 text-xs leading-5 text-slate-700" data-testid="why-evidence">
        {shown.map((s, i) => (
          <li key={`${i}:${s}`} className="break-words">
            {s}
          </li>
        ))}
        {shown.length < sentences.length && (
          <li>
            <button
              type="button"
              onClick={() => setAll(true)}
              className="font-medium text-brand-700 hover:underline focus-visible:outline-2 focus-visible:outline-brand-600"
              data-testid="why-all"
            >
              Show all {sentences.length}
            </button>
          </li>
        )}
      </ul>
    </div>
  );
}
