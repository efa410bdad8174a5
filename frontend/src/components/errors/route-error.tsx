import { useEffect } from 'react';
import { useRouteError } from 'react-router';
import { isChunkLoadError } from '@/lib/load-chunk';
import { ChunkLoadFailedScreen, GenericErrorScreen } from './error-screens';

/** errorElement of the root route: lazy-chunk failures get a retry, the rest the generic message. */
export function RouteError() {
  const error = useRouteError();
  const chunk = isChunkLoadError(error);

  useEffect(() => {
    if (!chunk) console.error('ListingLift: route error', error);
  }, [chunk, error]);

  return chunk ? <ChunkLoadFailedScreen /> : <GenericErrorScreen />;
}
