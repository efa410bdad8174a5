import { Icon } from '@/components/ui/icon';
import { RefusalText } from '@/components/refusal-text';
import { PLANS, formatCharge } from '@/lib/plans';
import { type UpgradeInfo } from '@/lib/orders/get-optimization-result';
import { useUpgrade } from '@/lib/orders/actions';
import { refundSentence, upgradeLabel } from '@/lib/orders/money';
import { ActionButton } from './action-button';

interface UpgradeOfferProps {
  orderId: string;
  upgrade: UpgradeInfo;
  /** Called when the upgrade was made at once (payments off): reload the report. */
  onUpgraded: () => void;
}

/**
 * The Basic report's offer of the rest of Premium for the difference (the FAQ's promise),
 * beside "PDF Available with Premium Package"; and, after an upgrade that could not be
 * made, what happened to that money.
 */
export function UpgradeOffer({ orderId, upgrade, onUpgraded }: UpgradeOfferProps) {
  const { state, start } = useUpgrade(onUpgraded);
  const failed = upgrade.status === 'refunded' && upgrade.refund;
  if (!upgrade.available && !failed) {
    // Not offered for this listing (the same decision the form and the checkout made): said
    // why, never offered and then refused.
    if (!upgrade.notOffered) return null;
    return (
      <p className="mt-8 rounded-2xl border border-slate-200 bg-slate-50 p-5 text-sm text-slate-700" data-testid="upgrade-not-offered">
        <RefusalText text={upgrade.notOffered} />
      </p>
    );
  }
  return (
    <section
      aria-labelledby="upgrade-title"
      className="mt-8 rounded-2xl border border-brand-200 bg-brand-50 p-5 sm:p-7"
      data-testid="upgrade-offer"
    >
      <h2 id="upgrade-title" className="flex items-center gap-2 text-lg font-semibold text-slate-900">
        <Icon name="chart" className="h-5 w-5 text-brand-600" />
        Get the rest of Premium for {formatCharge(upgrade.amount)}
      </h2>
      {failed && upgrade.refund && (
        <p
          role="status"
          className="mt-3 rounded-lg border border-amber-300 bg-amber-50 px-3 py-2 text-sm font-medium text-amber-900"
          data-testid="upgrade-refunded"
        >
          {upgrade.failureReason} {refundSentence(upgrade.refund, 'Your upgrade payment')}
        </p>
      )}
      {upgrade.delivers ? (
        <>
          <p className="mt-2 text-sm text-slate-700">
            Pay only the difference and this report becomes Premium. Your Basic report stays here while the Premium one is made. For this listing,
            Premium gives:
          </p>
          <ul className="mt-2 list-disc space-y-1 pl-5 text-sm text-slate-700" data-testid="upgrade-delivers">
            {upgrade.delivers.map((d) => (
              <li key={d}>{d}</li>
            ))}
          </ul>
        </>
      ) : (
        <p className="mt-2 text-sm text-slate-700">
          Pay only the difference and this report becomes Premium: {PLANS.premium.titleOptions} title options, market analytics for your area, the
          PDF report, e-mail delivery and {PLANS.premium.watchWeeks} weeks of Watch. Your Basic report stays here while the Premium one is made.
        </p>
      )}
      {upgrade.available && (
        <ActionButton
          onClick={() => start(orderId)}
          busy={state.status === 'starting'}
          busyLabel="Opening checkout…"
          error={state.status === 'error' ? state.message : null}
          testId="upgrade-button"
        >
          {upgradeLabel(upgrade.amount)}
        </ActionButton>
      )}
    </section>
  );
}
