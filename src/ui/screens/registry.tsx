/** Route -> screen component. */
import { Text } from 'ink';
import type { ScreenProps } from '../shellContext.js';
import { ScreenFrame } from '../components/ScreenFrame.js';
import { RelayersScreen } from './relayers/RelayersScreen.js';

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
    default:
      return <Placeholder {...props} />;
  }
}
