import { useCallback, useEffect, useEffectEvent, useState } from 'react';

/** What a read from the API has come to: waiting, its value, or the error it failed with. */
export type FetchState<T> = { status: 'loading' } | { status: 'success'; data: T } | { status: 'error'; error: unknown };

/**
 * Runs `load` for `key` and keeps what it came to. A new key (another user, page or token)
 * or reload() aborts the call in flight and starts again; an aborted call's answer is
 * dropped. `last` is the latest success of any key, so a screen can keep showing the previous
 * page while the next one loads.
 */
export function useFetch<T>(key: string, load: (signal: AbortSignal) => Promise<T>): FetchState<T> & { reload: () => void; last: T | null } {
  const [version, setVersion] = useState(0);
  const current = `${key}\n${version}`;
  const [result, setResult] = useState<{ key: string; state: FetchState<T> } | null>(null);
  const [last, setLast] = useState<T | null>(null);
  const run = useEffectEvent((signal: AbortSignal) => load(signal));

  useEffect(() => {
    const controller = new AbortController();
    run(controller.signal).then(
      (data) => {
        if (controller.signal.aborted) return;
        setResult({ key: current, state: { status: 'success', data } });
        setLast(data);
      },
      (error: unknown) => {
        if (!controller.signal.aborted) setResult({ key: current, state: { status: 'error', error } });
      },
    );
    return () => {
      controller.abort();
    };
  }, [current]);

  const reload = useCallback(() => {
    setVersion((v) => v + 1);
  }, []);
  const state: FetchState<T> = result?.key === current ? result.state : { status: 'loading' };
  return { ...state, reload, last };
}
