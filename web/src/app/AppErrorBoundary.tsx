import { Component, type ErrorInfo, type ReactNode } from 'react';
import { ErrorPage } from './RouteError';

interface Props {
  /** Changing it (the path) clears a shown error, so the visitor can navigate away from it. */
  resetKey: string;
  children: ReactNode;
}

/** Catches an error thrown while rendering a screen and shows the error page instead of a blank one. */
export default class AppErrorBoundary extends Component<Props, { error: unknown }> {
  state: { error: unknown } = { error: undefined };

  static getDerivedStateFromError(error: unknown) {
    return { error: error ?? new Error('Unknown error') };
  }

  componentDidCatch(error: unknown, info: ErrorInfo) {
    console.error(error, info.componentStack);
  }

  componentDidUpdate(prev: Props) {
    if (prev.resetKey !== this.props.resetKey && this.state.error !== undefined) this.setState({ error: undefined });
  }

  render() {
    return this.state.error !== undefined ? <ErrorPage error={this.state.error} /> : this.props.children;
  }
}
