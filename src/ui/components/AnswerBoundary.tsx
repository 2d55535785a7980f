/**
 * Draws a server's answer, or — if drawing it throws — one line saying so. A result screen must never
 * crash: the operator has to see that the request was sent (the header above says with what status).
 */
import { Text } from 'ink';
import { Component, type ReactNode } from 'react';
import { truncateCells } from '../safeText.js';
import { tone } from '../theme.js';

export class AnswerBoundary extends Component<{ children: ReactNode }, { error: string | null }> {
  override state = { error: null as string | null };

  static getDerivedStateFromError(e: unknown) {
    return { error: e instanceof Error ? e.message : String(e) };
  }

  override render() {
    if (this.state.error === null) return this.props.children;
    return (
      <Text color={tone('warn')} wrap="truncate">
        {truncateCells(`The answer was received but cannot be shown (${this.state.error}).`, 200)}
      </Text>
    );
  }
}
