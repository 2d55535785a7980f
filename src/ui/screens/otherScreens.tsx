/**
 * Route -> screen component, for every screen but the first (the relayers list: ./registry.tsx). Loaded
 * after the first frame: these screens and what they import — the operations' specs and forms, the
 * fleet's screen, the stuck screen — are no part of a start (issue 55: the launcher stays light).
 */
import type { ScreenProps } from '../shellContext.js';
import type { Route } from '../state/shell.js';

// What the relayers list opens on a key (an operation on the selected relayer): loaded with the screens it opens.
export { openRelayerOperation } from '../actions.js';
import { RelayerScreen } from './relayer/RelayerScreen.js';
import { TransactionScreen } from './transaction/TransactionScreen.js';
import { TransactionsScreen } from './transactions/TransactionsScreen.js';
import { OperationScreen } from './operation/OperationScreen.js';
import { PluginsScreen } from './plugins/PluginsScreen.js';
import { ServerRecordsScreen } from './serverRecords/ServerRecordsScreen.js';
import { ServerScreen } from './server/ServerScreen.js';
import { MetricsScreen } from './metrics/MetricsScreen.js';
import { LogScreen } from './log/LogScreen.js';
import { AuditScreen } from './audit/AuditScreen.js';
import { StuckScreen } from './stuck/StuckScreen.js';
import { FleetScreen } from './fleet/FleetScreen.js';
import { MessagesScreen } from './messages/MessagesScreen.js';
import { RecordScreen } from './record/RecordScreen.js';

export function otherScreen(props: ScreenProps) {
  switch (props.route.kind) {
    case 'relayers':
      return null; // ./registry.tsx draws it
    case 'relayer':
      return <RelayerScreen {...(props as ScreenProps<Extract<Route, { kind: 'relayer' }>>)} />;
    case 'transactions':
      return <TransactionsScreen {...(props as ScreenProps<Extract<Route, { kind: 'transactions' }>>)} />;
    case 'transaction':
      return <TransactionScreen {...(props as ScreenProps<Extract<Route, { kind: 'transaction' }>>)} />;
    case 'operation':
      return <OperationScreen {...(props as ScreenProps<Extract<Route, { kind: 'operation' }>>)} />;
    case 'plugins':
      return <PluginsScreen {...props} />;
    case 'serverRecords':
      return <ServerRecordsScreen {...(props as ScreenProps<Extract<Route, { kind: 'serverRecords' }>>)} />;
    case 'server':
      return <ServerScreen {...props} />;
    case 'metrics':
      return <MetricsScreen {...props} />;
    case 'log':
      return <LogScreen {...props} />;
    case 'audit':
      return <AuditScreen {...props} />;
    case 'stuck':
      return <StuckScreen {...props} />;
    case 'fleet':
      return <FleetScreen {...(props as ScreenProps<Extract<Route, { kind: 'fleet' }>>)} />;
    case 'messages':
      return <MessagesScreen {...props} />;
    case 'record':
      return <RecordScreen {...(props as ScreenProps<Extract<Route, { kind: 'record' }>>)} />;
  }
}
