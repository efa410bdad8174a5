import { Icon } from '@/components/ui/icon';
import { type RecheckInfo } from '@/lib/orders/get-optimization-result';
import { recheckAllowance, useRecheck } from '@/lib/orders/actions';
import { ActionButton } from './action-button';

/**
 * After the changes, the proof (issue 18): the host has the listing read again and the same report
 * made, free, to see what changed — on the bought report and on each re-check (which counts on the
 * bought one). Gone quiet once the re-checks are used up or their 30 days have passed.
 */
export function RecheckOffer({ recheck }: { recheck: RecheckInfo }) {
  const { state, start } = useRecheck();
  if (!recheck.available) return null;
  return (
    <section id="recheck" aria-labelledby="recheck-title" className="mt-8 rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:p-7" data-testid="recheck-offer">
      <h2 id="recheck-title" className="flex items-center gap-2 text-lg font-semibold text-slate-900">
        <Icon name="chart" className="h-5 w-5 text-brand-600" />
        {recheck.isRecheck ? 'Made more changes?' : 'Made the changes?'}
      </h2>
      <p className="mt-2 text-sm text-slate-700">
        We read your listing again and show what changed: your score and each section before → after, and which of the
        first report's actions are done. {recheckAllowance(recheck)}
      </p>
      <ActionButton
        onClick={() => start(recheck.of)}
        busy={state.status === 'starting'}
        busyLabel="Starting the re-check…"
        error={state.status === 'error' ? state.message : null}
        testId="recheck-button"
      >
        Re-check my listing
      </ActionButton>
    </section>
  );
}
