import { useEffect, useRef, useState } from 'react';
import { cn } from '@/lib/cn';
import { buttonClasses } from './button';

/** How long "Copied" shows after a copy, in ms. */
export const COPIED_FOR_MS = 2000;

/**
 * Copies `text` exactly to the clipboard. Says "Copied" for a moment (announced to screen
 * readers), or "Copy failed — select the text" when the browser refuses.
 */
export function CopyButton({ text, label, className }: { text: string; label: string; className?: string }) {
  const [state, setState] = useState<'idle' | 'copied' | 'failed'>('idle');
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  const copy = async () => {
    clearTimeout(timer.current);
    try {
      await navigator.clipboard.writeText(text);
      setState('copied');
    } catch {
      setState('failed');
    }
    timer.current = setTimeout(() => {
      setState('idle');
    }, COPIED_FOR_MS);
  };
  return (
    <button
      type="button"
      onClick={() => void copy()}
      aria-label={state === 'idle' ? label : undefined}
      data-testid="copy-button"
      className={cn(buttonClasses({ variant: 'secondary', size: 'sm' }), 'min-h-8 shrink-0 px-2.5 py-1 text-xs', className)}
    >
      <span aria-live="polite">{state === 'copied' ? 'Copied' : state === 'failed' ? 'Copy failed — select the text' : 'Copy'}</span>
    </button>
  );
}
