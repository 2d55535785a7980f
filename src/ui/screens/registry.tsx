/** Route -> screen component. */
import { Text } from 'ink';
import type { ScreenProps } from '../shellContext.js';
import { ScreenFrame } from '../components/ScreenFrame.js';
import type { Route } from '../state/shell.js';
import { RelayerScreen } from './relayer/RelayerScreen.js';
import { RelayersScreen } from './relayers/RelayersScreen.js';
import { TransactionScreen } from './transaction/TransactionScreen.js';
import { TransactionsScreen } from './transactions/TransactionsScreen.js';

function Placeholder({ width, height, route }: ScreenProps) {
  return (
    <ScreenFrame title={`relayer-tui › ${route.kind}`} scopes={[]} width={width} height={height} status={{}}>
      <Text>This screen arrives with a later issue. esc goes back.</Text>
    </ScreenFrame>
  );
}

export function screenFor(props: ScreenProps) {
  switch (props.route.kind) {
    case 'relayers':
      return <RelayersScreen {...props} />;
    case 'relayer':
      return <RelayerScreen {...(props as ScreenProps<Extract<Route, { kind: 'relayer' }>>)} />;
    case 'transactions':
      return <TransactionsScreen {...(props as ScreenProps<Extract<Route, { kind: 'transactions' }>>)} />;
    case 'transaction':
      return <TransactionScreen {...(props as ScreenProps<Extract<Route, { kind: 'transaction' }>>)} />;
    default:
      return <Placeholder {...props} />;
  }
}
