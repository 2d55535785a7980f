/**
 * The outermost boundary: a render error that no screen's DrawBoundary caught ends the app through
 * `onCrash` (the terminal restored, a sanitized crash report on stderr) instead of Ink's own error
 * overview, which would draw the error's message and source unsanitized into the alternate screen.
 */
import { Component, type ReactNode } from 'react';

export class CrashBoundary extends Component<{ onCrash: (e: unknown) => void; children: ReactNode }, { crashed: boolean }> {
  override state = { crashed: false };

  static getDerivedStateFromError() {
    return { crashed: true };
  }

  override componentDidCatch(e: unknown) {
    this.props.onCrash(e);
  }

  override render() {
    return this.state.crashed ? null : this.props.children;
  }
}
