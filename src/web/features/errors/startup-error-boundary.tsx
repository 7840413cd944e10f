import { Component, type ReactNode } from 'react';
import { StartupFallback } from './startup-fallback.tsx';

type State = { error: Error | null };

/** Anything that breaks the app while it starts shows the troubleshooting page, not a blank screen. */
export class StartupErrorBoundary extends Component<{ children: ReactNode }, State> {
  state: State = { error: null };

  static getDerivedStateFromError(error: Error): State {
    return { error };
  }

  componentDidCatch(error: Error) {
    console.error('app failed to load', error);
  }

  render() {
    return this.state.error ? <StartupFallback error={this.state.error} /> : this.props.children;
  }
}
