/** What a send or a withdrawal answered: the new transaction, a line each (server text, sanitized and held to the width). */
import { Box } from 'ink';
import { Text } from '../../components/Text.js';
import type { Transaction } from '../../../api/index.js';
import { formatWei } from '../../../core/amounts.js';
import { truncateCells } from '../../../core/text/cells.js';

export function NewTransaction({ value, network, width }: { value: unknown; network: string | null | undefined; width: number }) {
  const tx = value as Transaction | null;
  const rows = [`new transaction  ${tx?.id ?? '?'}`, `status           ${String(tx?.status ?? '?')}`, `to               ${String(tx?.to ?? '')}`, `value            ${formatWei(tx?.value, network)}`];
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
