import { SimplePageLayout } from '@/components/layouts/simple-page-layout';
import { ButtonLink, buttonClasses } from '@/components/ui/button';
import { endedCopy, reasonText, type EndedOrder } from '@/lib/orders/money';
import { supportMailto } from '@/lib/support';

/**
 * An order that ended without its report — failed, refunded, or a checkout left to
 * expire — is not a load error: the page says why, which order, and what happened to the
 * money, then offers the next step and support (with the order number filled in).
 */
export function OrderEnded({ order, supportEmail }: { order: EndedOrder; supportEmail: string }) {
  const copy = endedCopy(order);
  const reason = reasonText(order.reason);
  return (
    <SimplePageLayout title={copy.title}>
      <div className="mt-4 space-y-3 text-slate-600" data-testid="order-ended" data-status={order.status}>
        {reason && (
          <p role="alert" className="break-words">
            {reason}
          </p>
        )}
        <p className="font-medium text-slate-900" data-testid="order-money">
          {copy.money}
        </p>
        <p className="text-sm">
          Order number: <span className="font-mono font-semibold text-slate-900" data-testid="order-number">{order.orderId}</span>
        </p>
      </div>
      <div className="mt-8 flex flex-col justify-center gap-3 sm:flex-row">
        <ButtonLink to={copy.next.to}>{copy.next.label}</ButtonLink>
        <a
          href={supportMailto(supportEmail, {
            subject: `ListingLift order ${order.orderId}`,
            body: `Order number: ${order.orderId}\nThe report page said: ${order.reason}\n`,
          })}
          className={buttonClasses({ variant: 'secondary' })}
        >
          Contact support
        </a>
      </div>
    </SimplePageLayout>
  );
}
