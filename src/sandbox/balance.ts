/**
 * GET /relayers/{id}/balance as v1.8 answers it (src/api/routes/relayer.rs:74-81,
 * src/api/controllers/relayer.rs:388-408 get_relayer_balance): 404 `Relayer with ID <id> not found`
 * for an unknown relayer (get_network_relayer → get_relayer_by_id, src/domain/relayer/util.rs:90-114);
 * no validate_active_state, so a paused or system-disabled relayer answers too; 200
 * `{balance, unit}` (BalanceResponse, src/domain/relayer/mod.rs:742-747: `balance` a u128 written as
 * a JSON number — above 2^53 as its exact digits), the unit in v1.8's singular words
 * (src/constants/relayer.rs:32-36): EVM `wei` (the account's balance from the chain,
 * evm_relayer.rs:322-337), Solana `lamport` (solana_relayer.rs:726-733), Stellar `stroop` (the
 * account entry's balance, stellar_relayer.rs:556-583). The same balance /status reports
 * (SandboxData.balanceOf: the real flavour's chain for EVM relayers, else the seeded one).
 */
import type { SandboxData } from './data.js';
import { type Flavor, type SandboxResponse, ok, relayerNotFound } from './flavor.js';

const UNITS = { evm: 'wei', solana: 'lamport', stellar: 'stroop' } as const;

export function handleBalance(flavor: Flavor, data: SandboxData, relayerId: string): SandboxResponse {
  const r = data.relayer(relayerId);
  if (!r) return relayerNotFound(flavor, relayerId);
  return ok({ balance: data.balanceOf(relayerId), unit: UNITS[r.network_type] });
}
