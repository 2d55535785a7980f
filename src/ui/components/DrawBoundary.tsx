/**
 * Draws its children, or — if drawing them throws — one line saying what could not be shown. Nothing
 * a server sends may crash the app: a result screen must still say that the request was sent (its
 * header does, outside the boundary), and a screen below the top must not take the others with it.
 */
import { Text } from './Text.js';
import { Component, type ReactNode } from 'react';
import { truncateCells } from '../../core/text/cells.js';
import { tone } from '../theme.js';

export class DrawBoundary extends Component<{ what: string; children: ReactNode }, { error: string | null }> {
  override state = { error: null as string | null };

  static getDerivedStateFromError(e: unknown) {
    return { error: e instanceof Error ? e.message : String(e) };
  }

  override render() {
    if (this.state.error === null) return this.props.children;
    return (
      <Text color={tone('warn')} wrap="truncate">
        {truncateCells(`${this.props.what} (${this.state.error}). esc goes back.`, 200)}
      </Text>
    );
  }
}
