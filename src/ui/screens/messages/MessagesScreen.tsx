/**
 * `:messages`: every message of the session in full, newest first — what the one-line status bar had
 * to cut (a config error, a token_command failure, a `:find` answer). Sanitized and wrapped by the
 * detail view; `y` copies the whole message under the cursor.
 */
import { useMemo } from 'react';
import { DetailView, type DetailLine } from '../../components/DetailView.js';
import { ScreenFrame } from '../../components/ScreenFrame.js';
import { clock } from '../../../core/time.js';
import { useDetailScreen } from '../../hooks/useDetailScreen.js';
import { useShell, type ScreenProps } from '../../shellContext.js';
import type { SessionMessage } from '../../state/shell.js';

const MARK: Record<SessionMessage['tone'], string> = { warn: 'warn', bad: 'error', info: 'info' };

/** One field per line of a message: its time and kind on the first, the whole message as the value copied. */
export function messageLines(messages: readonly SessionMessage[]): DetailLine[] {
  const out: DetailLine[] = [];
  for (let i = messages.length - 1; i >= 0; i--) {
    const m = messages[i]!;
    const parts = m.text.split('\n');
    parts.forEach((line, j) =>
      out.push({ label: j === 0 ? `${clock(m.at)} ${MARK[m.tone]}` : '', value: line, tone: m.tone === 'info' ? undefined : m.tone, raw: m.text }),
    );
  }
  return out;
}

export function MessagesScreen({ screenKey, width, height }: ScreenProps) {
  const { state } = useShell();
  const fields = useMemo(() => messageLines(state.messages), [state.messages]);
  const record = useMemo(() => state.messages.map((m) => ({ at: new Date(m.at).toISOString(), tone: m.tone, text: m.text })).reverse(), [state.messages]);
  const { lines, scroll, cursor, scopes } = useDetailScreen(screenKey, record, fields, width, height, () => undefined);
  const n = state.messages.length;
  return (
    <ScreenFrame title={`relayer-tui › messages (${n === 0 ? 'none yet' : `${n}, newest first`}; y copies one whole)`} scopes={scopes} width={width} height={height} status={{}}>
      <DetailView lines={lines} scroll={scroll} height={height} cursor={cursor} />
    </ScreenFrame>
  );
}
