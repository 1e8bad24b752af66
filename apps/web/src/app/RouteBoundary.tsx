import { Component, type ReactNode, Suspense } from 'react';
import { type Location, useLocation } from 'react-router';
import { RouteError } from './RouteError';

interface BoundaryProps {
  location: Location;
  inLayout: boolean;
  children: ReactNode;
}
interface BoundaryState {
  location: Location;
  failure: { error: unknown } | null;
}

/** Shows the error screen for a failure below it, until the address changes. */
class ErrorBoundary extends Component<BoundaryProps, BoundaryState> {
  override state: BoundaryState = { location: this.props.location, failure: null };

  static getDerivedStateFromError(error: unknown): Partial<BoundaryState> {
    return { failure: { error } };
  }

  static getDerivedStateFromProps(props: BoundaryProps, state: BoundaryState): Partial<BoundaryState> | null {
    // Navigating away from a broken screen draws the next one.
    return props.location === state.location ? null : { location: props.location, failure: null };
  }

  override render() {
    const { failure } = this.state;
    return failure ? (
      <RouteError error={failure.error} inLayout={this.props.inLayout} />
    ) : (
      this.props.children
    );
  }
}

/**
 * Where routes below wait for their code (`fallback`) and where their errors show. Navigations are
 * transitions: a screen already drawn here stays until the next one's code is here.
 */
export function RouteBoundary({
  fallback,
  inLayout = false,
  children,
}: {
  fallback: ReactNode;
  /** Inside the signed-in layout: its sidebar and header stay around the error screen. */
  inLayout?: boolean;
  children: ReactNode;
}) {
  return (
    <ErrorBoundary location={useLocation()} inLayout={inLayout}>
      <Suspense fallback={fallback}>{children}</Suspense>
    </ErrorBoundary>
  );
}
