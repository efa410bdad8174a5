import { useId } from 'react';
import { Button } from '@/components/ui/button';
import { Icon } from '@/components/ui/icon';
import { cn } from '@/lib/cn';
import { useWatch } from '@/lib/watch/use-watch';
import { ACTION_LABEL, watchActions, watchStatus, type Watch, type WatchAction } from '@/lib/watch/watch';
import { WatchChart } from './watch-chart';
import { WatchTimeline } from './watch-timeline';

const BUSY: Record<WatchAction, string> = { pause: 'Pausing…', resume: 'Resuming…', stop: 'Stopping…' };

/**
 * A Premium report's Watch (issue 45), on the dashboard's listing card and on the report page:
 * its state and weeks left, the buttons the server would accept now (Pause / Resume / Stop),
 * the chart of the listing's price against its comparables' median, and the weeks. The state
 * shown after a click is the server's answer, never a guess.
 */
export function WatchPanel({ watch: initial, as = 'div', className }: { watch: Watch; as?: 'div' | 'section'; className?: string }) {
  const id = useId();
  const { watch, state, act } = useWatch(initial);
  const status = watchStatus(watch);
  const actions = watchActions(watch);
  const Root = as;
  // On the report page a section of its own (h2); on a listing card, under the card's h3.
  const Heading = as === 'section' ? 'h2' : 'h4';
  return (
    <Root aria-labelledby={`${id}-title`} className={cn('min-w-0', className)} data-testid="watch-panel" data-state={watch.state}>
      <div className="flex flex-col gap-3 sm:flex-row sm:items-start sm:justify-between">
        <div className="min-w-0">
          <Heading id={`${id}-title`} className={cn('flex items-center gap-2 font-semibold text-slate-900', as === 'section' ? 'text-lg' : 'text-base')}>
            <Icon name="chart" className="h-5 w-5 text-brand-600" />
            Watch
          </Heading>
          <p className="mt-1 text-sm font-medium text-slate-900" data-testid="watch-status" aria-live="polite">
            {status.line}
          </p>
          <p className="mt-0.5 text-sm text-slate-600">{status.meaning}</p>
        </div>
        {actions.length > 0 && (
          <div className="flex shrink-0 flex-wrap gap-2" role="group" aria-label="Watch controls">
            {actions.map((action) => (
              <Button
                key={action}
                size="sm"
                variant={action === 'resume' ? 'primary' : 'secondary'}
                onClick={() => act(action)}
                disabled={state.status === 'busy'}
                aria-describedby={`${id}-title`}
              >
                {state.status === 'busy' && state.action === action ? BUSY[action] : ACTION_LABEL[action]}
              </Button>
            ))}
          </div>
        )}
      </div>
      {state.status === 'error' && (
        <p role="alert" className="mt-2 text-sm text-red-700" data-testid="watch-error">
          {state.message}
        </p>
      )}
      <WatchChart watch={watch} />
      <WatchTimeline watch={watch} headingLevel={as === 'section' ? 3 : 5} />
    </Root>
  );
}
