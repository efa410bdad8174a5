import { Component, type ErrorInfo, type ReactNode } from 'react';
import { isChunkLoadError } from '@/lib/load-chunk';
import { ChunkLoadFailedScreen, GenericErrorScreen } from './error-screens';

interface Props {
  children: ReactNode;
}

interface State {
  error: unknown;
  hasError: boolean;
}

/** The top-level error boundary: anything not caught closer shows the generic message. */
export class AppErrorBoundary extends Component<Props, State> {
  override state: State = { error: null, hasError: false };

  static getDerivedStateFromError(error: unknown): State {
    return { error, hasError: true };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo) {
    console.error('ListingLift: unhandled error', error, info.componentStack);
  }

  override render() {
    if (!this.state.hasError) return this.props.children;
    return isChunkLoadError(this.state.error) ? <ChunkLoadFailedScreen /> : <GenericErrorScreen />;
  }
}
