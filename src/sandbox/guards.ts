/**
 * The real server's check before any action on a relayer (v1.8 src/models/relayer/repository.rs
 * validate_active_state, mapped in src/models/error/relayer.rs): 403 `Relayer paused`, then 403
 * `Relayer disabled`. Reads (lists, status, by id) and PATCH (which is how a paused relayer is
 * resumed) do not ask it.
 */
import { type Flavor, type SandboxResponse, fail } from './flavor.js';
import type { RelayerSeed } from './models.js';

export function inactive(flavor: Flavor, relayer: RelayerSeed): SandboxResponse | undefined {
  if (relayer.paused) return fail(flavor, 403, 'Relayer paused');
  if (relayer.system_disabled) return fail(flavor, 403, 'Relayer disabled');
  return undefined;
}
