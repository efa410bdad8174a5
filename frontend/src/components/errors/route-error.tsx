import { Component, type ErrorInfo, type ReactNode } from 'react';
import { isChunkLoadError } from '@/lib/load-chunk';
import { ChunkLoadFailedScreen, GenericErrorScreen } from './error-screens';

interface Props {
  children: ReactNode;
  /** Another value (the next page's path) clears the error: a new page gets its own chance. */
  resetKey: string;
}

interface State {
  error: unknown;
  hasError: boolean;
  resetKey: string;
}

/** Around the pages: a lazy-chunk failure gets a retry, the rest the generic message. */
export class RouteErrorBoundary extends Component<Props, State> {
  override state: State = { error: null, hasError: false, resetKey: this.props.resetKey };

  static getDerivedStateFromError(error: unknown): Partial<State> {
    return { error, hasError: true };
  }

  static getDerivedStateFromProps(props: Props, state: State): Partial<State> | null {
    return props.resetKey === state.resetKey ? null : { error: null, hasError: false, resetKey: props.resetKey };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo) {
    if (!isChunkLoadError(error)) console.error('ListingLift: route error', error, info.componentStack);
  }

  override render() {
    if (!this.state.hasError) return this.props.children;
    return isChunkLoadError(this.state.error) ? <ChunkLoadFailedScreen /> : <GenericErrorScreen />;
  }
}
