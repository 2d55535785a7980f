import { useStdout } from 'ink';
import { useEffect, useState } from 'react';

export interface TerminalSize {
  columns: number;
  rows: number;
}

function read(stdout: NodeJS.WriteStream): TerminalSize {
  return { columns: stdout.columns || 80, rows: stdout.rows || 24 };
}

/** The terminal's size, updated on resize. */
export function useTerminalSize(): TerminalSize {
  const { stdout } = useStdout();
  const [size, setSize] = useState(() => read(stdout));
  useEffect(() => {
    const onResize = () =>
      setSize((prev) => {
        const next = read(stdout);
        return prev.columns === next.columns && prev.rows === next.rows ? prev : next;
      });
    stdout.on('resize', onResize);
    return () => {
      stdout.off('resize', onResize);
    };
  }, [stdout]);
  return size;
}
