import { useState } from 'react';
import { Button, buttonClasses } from '@/components/ui/button';
import { Icon } from '@/components/ui/icon';
import { useApiClient } from '@/lib/api-client';
import { formatDate } from '@/lib/format';
import { resultErrorMessage } from '@/lib/orders/get-optimization-result';
import { useUpgrade } from '@/lib/orders/actions';
import { upgradeLabel } from '@/lib/orders/money';
import { type OptimizationSummary } from '@/types/api';
import { removeOptimization } from '../api/remove-optimization';
import { stopSharing } from '@/lib/orders/share-report';

/**
 * What a row offers besides opening its report: an open checkout can be resumed, an
 * unpaid order removed, a finished Basic report upgraded to Premium for the difference,
 * a report's live share link ended (Stop sharing).
 * The row itself is one big link; these sit above it (relative z-10).
 */
export function RowActions({ item, onRemoved, onUpgraded }: { item: OptimizationSummary; onRemoved: () => void; onUpgraded: () => void }) {
  const api = useApiClient();
  const [error, setError] = useState('');
  const [removing, setRemoving] = useState(false);
  const [unsharing, setUnsharing] = useState(false);
  const { state: upgrade, start } = useUpgrade(onUpgraded);
  const unpaid = item.paid === false;
  const shared = Boolean(item.sharedUntil);
  if (!item.checkoutUrl && !unpaid && !item.canUpgrade && !shared) return null;

  const remove = () => {
    setRemoving(true);
    setError('');
    removeOptimization(api, item.id).then(onRemoved, (e: unknown) => {
      setRemoving(false);
      setError(resultErrorMessage(e));
    });
  };
  const unshare = () => {
    setUnsharing(true);
    setError('');
    stopSharing(api, item.id).then(
      () => {
        setUnsharing(false);
        onRemoved();
      },
      (e: unknown) => {
        setUnsharing(false);
        setError(resultErrorMessage(e));
      },
    );
  };
  const title = item.listingTitle.trim() || 'this listing';
  return (
    <div className="relative z-10 mt-2 flex flex-wrap items-center gap-2" data-testid="row-actions">
      {item.checkoutUrl && (
        <a href={item.checkoutUrl} className={buttonClasses({ size: 'sm' })} data-testid="resume-checkout">
          Resume checkout
        </a>
      )}
      {unpaid && (
        <Button size="sm" variant="secondary" onClick={remove} disabled={removing} aria-label={`Remove the unpaid order for ${title}`}>
          {removing ? 'Removing…' : 'Remove'}
        </Button>
      )}
      {item.canUpgrade && (
        <Button size="sm" variant="secondary" onClick={() => start(item.id)} disabled={upgrade.status === 'starting'} data-testid="row-upgrade">
          {upgrade.status === 'starting' ? 'Opening checkout…' : upgradeLabel(item.upgradeAmount)}
        </Button>
      )}
      {shared && (
        <>
          <span className="inline-flex items-center gap-1.5 text-sm text-slate-600" data-testid="shared-until">
            <Icon name="link" className="h-4 w-4 text-slate-500" />
            Shared until {formatDate(item.sharedUntil)}
          </span>
          <Button size="sm" variant="secondary" onClick={unshare} disabled={unsharing} aria-label={`Stop sharing the report for ${title}`}>
            {unsharing ? 'Stopping…' : 'Stop sharing'}
          </Button>
        </>
      )}
      {(error || upgrade.status === 'error') && (
        <p role="alert" className="w-full text-sm text-red-700">
          {error || (upgrade.status === 'error' ? upgrade.message : '')}
        </p>
      )}
    </div>
  );
}
