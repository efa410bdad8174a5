import { useSearchParams } from '@/lib/router';
import { useAuth } from '@/lib/auth/context';
import { parsePlanParam } from '@/lib/plans';
import { useOptimizeFlow, type UseOptimizeFlowOptions } from '../hooks/use-optimize-flow';
import { OptimizeFormView } from './optimize-form';
import { OptimizeResult } from './optimize-result';

export type OptimizePanelProps = UseOptimizeFlowOptions;

/**
 * The optimize form with its submit flow (SPEC §4, §7, §8): the landing page's #optimize
 * section renders this. The result of a direct optimization appears under the form.
 */
export function OptimizePanel(props: OptimizePanelProps) {
  const { form, notice, outcome, rootRef } = useOptimizeFlow(props);
  return (
    <div ref={rootRef} className="scroll-mt-24">
      <OptimizeFormView form={form} notice={notice} />
      {outcome && <OptimizeResult outcome={outcome} />}
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
