/** What a send or a withdrawal answered: the new transaction, a line each (server text, sanitized and held to the width). */
import { Box } from 'ink';
import { Text } from '../../components/Text.js';
import type { Transaction } from '../../../api/index.js';
import { formatWei } from '../../../core/amounts.js';
import { truncateCells } from '../../../core/text/cells.js';
import type { NetworkKind } from '../../../core/relayer.js';

export function NewTransaction({ value, network, kind = 'evm', width }: { value: unknown; network: string | null | undefined; kind?: NetworkKind | 'unknown'; width: number }) {
  const tx = value as (Transaction & { source_account?: unknown }) | null;
  const rows = [`new transaction  ${String(tx?.id ?? '?')}`, `status           ${String(tx?.status ?? '?')}`];
  if (kind === 'evm') rows.push(`to               ${String(tx?.to ?? '')}`, `value            ${formatWei(tx?.value, network)}`);
  if (kind === 'stellar') rows.push(`source           ${String(tx?.source_account ?? '')}`);
  return (
    <Box flexDirection="column">
      {rows.map((r, i) => (
        <Text key={i} wrap="truncate">
          {truncateCells(r, width)}
        </Text>
      ))}
    </Box>
  );
}
