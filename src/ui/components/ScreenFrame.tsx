/** Title line, the screen's body (exactly `height` rows), status bar and footer (or the palette). */
import { Box } from 'ink';
import { Text } from './Text.js';
import type { ReactNode } from 'react';
import type { Scope } from '../keymap.js';
import { useShell } from '../shellContext.js';
import { truncateCells } from '../../core/text/cells.js';
import { tone } from '../theme.js';
import { Footer, type FooterLead } from './Footer.js';
import { Palette } from './Palette.js';
import { StatusBar, type StatusInfo } from './StatusBar.js';

export interface ScreenFrameProps {
  /** May hold server text (a relayer's name): sanitized here. */
  title: string;
  scopes: readonly Scope[];
  status: StatusInfo;
  width: number;
  height: number;
  children: ReactNode;
  /** Replaces the keymap hints (e.g. while a request is in flight). */
  footer?: string;
  /** The screen's own hints first, and keymap commands left out (Footer). */
  footerLead?: FooterLead;
}

export function ScreenFrame({ title, scopes, status, width, height, children, footer, footerLead }: ScreenFrameProps) {
  const { state } = useShell();
  return (
    <Box flexDirection="column" width={width}>
      <Text wrap="truncate" bold color={tone('accent')}>
        {truncateCells(title, width)}
      </Text>
      <Box flexDirection="column" height={height} overflow="hidden">
        {children}
      </Box>
      <StatusBar info={status} width={width} />
      {state.overlay === 'palette' ? (
        <Palette width={width} />
      ) : footer !== undefined ? (
        <Text wrap="truncate" color={tone('muted')}>
          {footer}
        </Text>
      ) : (
        <Footer scopes={scopes} width={width} {...(footerLead ? { own: footerLead } : {})} />
      )}
    </Box>
  );
}
