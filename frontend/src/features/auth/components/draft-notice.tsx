import { Icon } from '@/components/ui/icon';
import { config as appConfig, type AppConfig } from '@/lib/config';
import { PLANS } from '@/lib/plans';
import { type PendingOptimization } from '@/lib/draft';

/** What the host is told on /signup and /login when a saved order is waiting for them. */
export function draftNoticeText(draft: Pick<PendingOptimization, 'selectedPlan'>, paymentsEnabled: boolean): string {
  const next = paymentsEnabled ? 'you’ll continue to checkout next' : 'your report starts right after';
  return `Your listing and the ${PLANS[draft.selectedPlan].name} plan are saved — ${next}.`;
}

/** The saved-order line above the sign-up or login form; nothing without a draft. */
export function DraftNotice({
  draft,
  config = appConfig,
}: {
  draft: PendingOptimization | null;
  config?: Pick<AppConfig, 'paymentsEnabled'>;
}) {
  if (!draft) return null;
  return (
    <p className="mb-5 flex items-start gap-2.5 rounded-lg border border-brand-200 bg-brand-50 px-3.5 py-3 text-sm text-brand-900" data-testid="draft-notice">
      <Icon name="checkCircle" className="mt-px h-4.5 w-4.5 shrink-0" />
      <span>{draftNoticeText(draft, config.paymentsEnabled)}</span>
    </p>
  );
}
