/** A failed request: the server's own message, the HTTP status, and what to do next. */
import { Box, Text } from 'ink';
import type { ApiError } from '../../api/index.js';
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
    case 'invalid_response':
      return 'The server sent something that is not a relayer API answer (a proxy page?). r retries.';
    default:
      return 'r retries.';
  }
}

export function ErrorPanel({ error, width }: { error: ApiError; width: number }) {
  return (
    <Box flexDirection="column" width={width}>
      <Text color={tone('bad')} bold wrap="truncate">
        ✗ {error.status ? `HTTP ${error.status}` : error.kind.replace('_', ' ')}
      </Text>
      <Text wrap="wrap">{error.message}</Text>
      <Text color={tone('muted')} wrap="wrap">
        {nextStep(error)}
      </Text>
    </Box>
  );
}
