import { lazy, Suspense, useEffect } from 'react';
import { useSearchParams } from '@/lib/router';
import { useAuth } from '@/lib/auth/context';
import { loadChunk } from '@/lib/load-chunk';
import { parsePlanParam } from '@/lib/plans';
import { useOptimizeFlow, type UseOptimizeFlowOptions } from '../hooks/use-optimize-flow';
import { OptimizeFormView } from './optimize-form';

// The inline result shows only when payments are off (a paid order goes to checkout and
// its report page), so it is not part of the landing page's first load: it is fetched
// when the host submits, while the report is being made.
const importResult = () => import('./optimize-result');
const OptimizeResult = lazy(async () => ({ default: (await loadChunk(importResult)).OptimizeResult }));

export type OptimizePanelProps = UseOptimizeFlowOptions;

/**
 * The optimize form with its submit flow (SPEC §4, §7, §8): the landing page's #optimize
 * section renders this. The result of a direct optimization appears under the form.
 */
export function OptimizePanel(props: OptimizePanelProps) {
  const { form, notice, outcome, rootRef } = useOptimizeFlow(props);
  const submitting = form.status === 'submitting';
  useEffect(() => {
    if (submitting) void importResult();
  }, [submitting]);
  return (
    <div ref={rootRef} className="scroll-mt-24">
      <OptimizeFormView form={form} notice={notice} />
      {outcome && (
        <Suspense fallback={null}>
          <OptimizeResult outcome={outcome} />
        </Suspense>
      )}
    </div>
  );
}

/**
 * The panel as the "/" route shows it: the plan a link chose (?package=premium), the e-mail
 * locked to the signed-in account's.
 */
export function RoutedOptimizePanel() {
  const [searchParams] = useSearchParams();
  const { user } = useAuth();
  return <OptimizePanel requestedPlan={parsePlanParam(searchParams.get('package'))} lockedEmail={user?.email} />;
}
