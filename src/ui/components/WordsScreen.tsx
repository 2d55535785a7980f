/**
 * A screen that is one message (an operation refused before it opens, what it rests on not read, the
 * read under way): wrapped whole at the screen's width, never cut; j/k scroll what the screen cannot
 * hold, y copies all of it.
 */
import { useMemo, useState } from 'react';
import { Text } from './Text.js';
import { wrapCells } from '../../core/text/cells.js';
import { useScreenHandle } from '../shellContext.js';
import { useCopy } from '../hooks/useCopy.js';
import { ScreenFrame, type ScreenFrameProps } from './ScreenFrame.js';

export function WordsScreen({ title, text, screenKey, width, height, status }: { title: string; text: string; screenKey: number; width: number; height: number; status: ScreenFrameProps['status'] }) {
  const lines = useMemo(() => wrapCells(text, width), [text, width]);
  const [scroll, setScroll] = useState(0);
  const rows = Math.max(1, height);
  const max = Math.max(0, lines.length - rows);
  const copy = useCopy();
  useScreenHandle(screenKey, {
    scopes: ['words'],
    onCommand: (cmd) => {
      if (cmd === 'down' || cmd === 'up') {
        setScroll((s) => Math.max(0, Math.min(max, s + (cmd === 'down' ? 1 : -1))));
        return true;
      }
      if (cmd === 'copy') return copy(text, 'the message');
      return false;
    },
  });
  const top = Math.min(scroll, max);
  return (
    <ScreenFrame title={title} scopes={['words']} width={width} height={height} status={status}>
      {lines.slice(top, top + rows).map((line, i) => (
        <Text key={i} wrap="truncate">
          {line}
        </Text>
      ))}
    </ScreenFrame>
  );
}
