import { type ReactNode } from 'react';
import { cn } from '@/lib/cn';
import { Icon } from './icon';

type AlertTone = 'error' | 'success';

const tones: Record<AlertTone, { box: string; icon: 'alert' | 'checkCircle' }> = {
  error: { box: 'border-red-200 bg-red-50 text-red-800', icon: 'alert' },
  success: { box: 'border-green-200 bg-green-50 text-green-800', icon: 'checkCircle' },
};

/**
 * A message box. Errors are role="alert" (announced at once); successes role="status".
 * Render it conditionally: the live region announces it as it appears.
 */
export function Alert({ tone, children, className }: { tone: AlertTone; children: ReactNode; className?: string }) {
  const style = tones[tone];
  return (
    <div
      role={tone === 'error' ? 'alert' : 'status'}
      className={cn('flex items-start gap-2.5 rounded-lg border px-3.5 py-3 text-left text-sm', style.box, className)}
    >
      <Icon name={style.icon} className="mt-px h-4.5 w-4.5" />
      <p className="min-w-0 flex-1 break-words">{children}</p>
    </div>
  );
}
