import { Component, type ReactNode } from 'react';
import { PrerenderedHandOff } from '#web/lib/prerendered.ts';
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
    if (!this.state.error) return this.props.children;
    return (
      <>
        <StartupFallback error={this.state.error} />
        <PrerenderedHandOff />
      </>
    );
  }
}
