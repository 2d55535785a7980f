/** A failed request: the server's own message, the HTTP status, and what to do next. */
import { Box } from 'ink';
import { Text } from './Text.js';
import type { ApiError } from '../../api/index.js';
import { safeLines, type SafeText } from '../../core/text/sanitize.js';
import { wrapCells } from '../../core/text/cells.js';
import { tone } from '../theme.js';

export function nextStep(e: ApiError): string {
  switch (e.kind) {
    case 'unauthorized':
      return 'The API key was refused. Set RELAYER_API_KEY (or --token-file <path>) and restart; r retries.';
    case 'forbidden':
      return 'The server refuses this for the relayer (paused or disabled?). r retries.';
    case 'not_found':
      return 'Check the id (esc goes back, : opens the palette). r retries.';
    case 'rate_limited':
      return `Rate limited${e.retryAfterMs !== undefined ? `: retry after ${Math.ceil(e.retryAfterMs / 1000)} s` : ''}. r retries.`;
    case 'timeout':
    case 'network':
      return e.outcomeUnknown ? 'The outcome is unknown: refresh (r) to check before trying again.' : 'Check the server address and your connection. r retries.';
    case 'redirect':
      return 'The server points elsewhere: give the client the base URL named above, if one is (redirects are never followed, so the API key goes nowhere else). r retries.';
    case 'not_api':
      return 'Point --url (RELAYER_URL, or the context\'s url) at the relayer server itself. r retries.';
    case 'invalid_response':
      return 'The server sent something that is not a relayer API answer (a proxy page?). r retries.';
    default:
      return 'r retries.';
  }
}

/** A server's message as at most `maxRows` rows of the width: its own lines kept, each wrapped, all sanitized. */
export function messageRows(message: string, width: number, maxRows = 6): SafeText[] {
  const rows: SafeText[] = [];
  for (const line of safeLines(message, maxRows)) {
    for (const row of wrapCells(line, width, 0, maxRows - rows.length)) rows.push(row);
    if (rows.length >= maxRows) break;
  }
  return rows;
}

export function ErrorPanel({ error, width }: { error: ApiError; width: number }) {
  return (
    <Box flexDirection="column" width={width}>
      <Text color={tone('bad')} bold wrap="truncate">
        ✗ {error.kind === 'not_api' ? 'not a relayer API' : error.status ? `HTTP ${error.status}` : error.kind.replace('_', ' ')}
      </Text>
      {messageRows(error.message, width).map((row, i) => (
        <Text key={i} wrap="truncate">
          {row}
        </Text>
      ))}
      {wrapCells(nextStep(error), width).map((row, i) => (
        <Text key={`n${i}`} color={tone('muted')} wrap="truncate">
          {row}
        </Text>
      ))}
    </Box>
  );
}
