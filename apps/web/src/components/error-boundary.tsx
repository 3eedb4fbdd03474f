import { Component } from 'react';
import type { ErrorInfo, ReactNode } from 'react';
import { errorEntry, useErrorLogStore } from '@/core/error-log/error-log-store';

interface Props {
  children: ReactNode;
  fallback: (error: Error, reset: () => void) => ReactNode;
}

/** Catches render errors of a page, stores them in the local error log and shows the fallback. */
export class ErrorBoundary extends Component<Props, { error: Error | null }> {
  state: { error: Error | null } = { error: null };

  static getDerivedStateFromError(error: Error) {
    return { error };
  }

  componentDidCatch(error: Error, info: ErrorInfo) {
    useErrorLogStore.getState().add(errorEntry(error, info.componentStack ?? ''));
  }

  reset = () => this.setState({ error: null });

  render() {
    if (this.state.error) return this.props.fallback(this.state.error, this.reset);
    return this.props.children;
  }
}
