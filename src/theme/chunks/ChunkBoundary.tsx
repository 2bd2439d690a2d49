import { Component, type ReactNode, startTransition } from "react";
import { isChunkLoadError } from "./chunk-load.ts";

interface ChunkBoundaryProps {
  children: ReactNode;
  /** What shows in place of the part whose code did not load; `retry` renders it again, loading the code anew. */
  fallback: (retry: () => void) => ReactNode;
}

/**
 * Catches a ChunkLoadError thrown while rendering its children (a chunk read
 * with `use()`) and shows the fallback in their place; any other error
 * goes on to the route's boundary. Retrying is a transition, so the fallback
 * stays until the code is here.
 */
export class ChunkBoundary extends Component<ChunkBoundaryProps, { error: unknown }> {
  override state: { error: unknown } = { error: null };

  static getDerivedStateFromError(error: unknown) {
    return { error };
  }

  override render() {
    const { error } = this.state;
    if (error === null) return this.props.children;
    if (!isChunkLoadError(error)) throw error;
    return this.props.fallback(() => startTransition(() => this.setState({ error: null })));
  }
}
