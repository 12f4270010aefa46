import { Alert } from 'antd';
import { Component, type ErrorInfo, type ReactNode } from 'react';

interface ChartErrorBoundaryProps {
  title: string;
  children: ReactNode;
}

/** One chart that cannot be drawn leaves the others and the page alone (spec s.8: logged). */
export class ChartErrorBoundary extends Component<ChartErrorBoundaryProps, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo) {
    console.error('Failed to create chart', error, info.componentStack);
  }

  override render() {
    if (this.state.failed) {
      return <Alert type="warning" showIcon title={`${this.props.title}: the chart could not be drawn.`} />;
    }
    return this.props.children;
  }
}
