import { useCallback, useState } from 'react';
import { useApiClient } from '@/lib/api-client';
import { changeWatch, watchErrorMessage, type Watch, type WatchAction } from './watch';

/** An action's progress: idle, waiting for the server (which action), or its refusal in words. */
export type WatchActionState = { status: 'idle' } | { status: 'busy'; action: WatchAction } | { status: 'error'; message: string };

/**
 * A watch shown with its buttons: the watch as the server last said it (the page's read, then
 * each action's answer, so the panel shows the state the server holds, not one it guessed) and
 * the action in progress. One action at a time.
 */
export function useWatch(initial: Watch) {
  const api = useApiClient();
  const [watch, setWatch] = useState(initial);
  const [state, setState] = useState<WatchActionState>({ status: 'idle' });
  // A new read of the page (another order's watch, or the same one re-read) replaces ours.
  const [seen, setSeen] = useState(initial);
  if (seen !== initial) {
    setSeen(initial);
    setWatch(initial);
    setState({ status: 'idle' });
  }
  const act = useCallback(
    (action: WatchAction) => {
      setState({ status: 'busy', action });
      changeWatch(api, watch.of, action).then(
        (next) => {
          setWatch(next);
          setState({ status: 'idle' });
        },
        (error: unknown) => setState({ status: 'error', message: watchErrorMessage(error) }),
      );
    },
    [api, watch.of],
  );
  return { watch, state, act };
}
