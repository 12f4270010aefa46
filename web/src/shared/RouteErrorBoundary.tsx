import { Component, type ErrorInfo, type ReactNode } from 'react';
import { useLocation } from 'react-router-dom';
import { RouteErrorPage } from './RouteErrorPage';

interface BoundaryProps {
  children: ReactNode;
  /** A new value (the user went elsewhere) shows the children again. */
  resetKey: string;
}

class Boundary extends Component<BoundaryProps, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo) {
    console.error('Screen failed', error, info.componentStack);
  }

  override componentDidUpdate(previous: BoundaryProps) {
    if (previous.resetKey !== this.props.resetKey && this.state.failed) this.setState({ failed: false });
  }

  override render() {
    return this.state.failed ? <RouteErrorPage /> : this.props.children;
  }
}

/**
 * A screen that fails to load or render (e.g. a stale code chunk after a new release) shows the
 * error page in its place; going to another address tries again.
 */
export function RouteErrorBoundary({ children }: { children: ReactNode }) {
  const { pathname } = useLocation();
  return <Boundary resetKey={pathname}>{children}</Boundary>;
}
