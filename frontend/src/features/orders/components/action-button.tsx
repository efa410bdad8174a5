import { type ReactNode } from 'react';
import { Button } from '@/components/ui/button';

interface ActionButtonProps {
  onClick: () => void;
  /** While the request runs: the button is disabled and says busyLabel. */
  busy: boolean;
  busyLabel: string;
  children: ReactNode;
  /** The request's failure, said under the button ('' or null: none). */
  error?: string | null;
  variant?: 'primary' | 'secondary';
  testId?: string;
}

/** One button that starts a request from a report offer, with its failure said under it. */
export function ActionButton({ onClick, busy, busyLabel, children, error, variant, testId }: ActionButtonProps) {
  return (
    <div className="mt-4">
      <Button onClick={onClick} disabled={busy} variant={variant} data-testid={testId}>
        {busy ? busyLabel : children}
      </Button>
      {error && (
        <p role="alert" className="mt-2 text-sm text-red-700">
          {error}
        </p>
      )}
    </div>
  );
}
