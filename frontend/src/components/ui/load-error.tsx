import { Alert } from './alert';
import { Button } from './button';

/** A section whose data failed to load: what failed, the server's reason if any, and Try Again. */
export function LoadError({ what, message, onRetry, testId }: { what: string; message: string; onRetry: () => void; testId?: string }) {
  return (
    <div className="flex flex-col items-start gap-3 px-5 py-5" data-testid={testId}>
      <Alert tone="error" className="w-full">
        {what} could not be loaded.{message ? ` ${message}` : ''}
      </Alert>
      <Button size="sm" variant="secondary" onClick={onRetry}>
        Try Again
      </Button>
    </div>
  );
}
