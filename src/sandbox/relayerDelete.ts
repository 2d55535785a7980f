/**
 * DELETE /relayers/{id}, the real flavour only, as v1.8 answers it (src/api/controllers/relayer.rs:302-343
 * delete_relayer; route src/api/routes/relayer.rs:55-62):
 * 1. the relayer must exist: 404 `Relayer with ID <id> not found` (get_relayer_by_id, :318);
 * 2. its transactions pending, sent or submitted counted (count_by_status, :320-332): any → 400
 *    `Cannot delete relayer '<id>' because it has N transaction(s). Please wait for all transactions to
 *    complete or cancel them before deleting the relayer.` (:334-338);
 * 3. else removed (delete_by_id, :341) and answered 200 `{"success": true, "data": "Relayer deleted
 *    successfully"}` (ApiResponse::success, :343). Paused or disabled, it is deleted all the same.
 * The interface document has no such endpoint: the contract flavour answers it as any path it lacks
 * (404 `Not found`, the router's fallthrough), as a server without the route would.
 */
import type { SandboxData } from './data.js';
import { type Flavor, type SandboxResponse, fail, ok, relayerNotFound } from './flavor.js';

/** Its transactions pending, sent or submitted (canceled ones still sent counted too), as count_by_status counts them. */
const activeCount = (data: SandboxData, relayerId: string): number => (['pending', 'sent', 'submitted'] as const).reduce((n, st) => n + data.listTransactions(relayerId, 0, 0, st).total, 0);

export function handleDeleteRelayer(flavor: Flavor, data: SandboxData, relayerId: string): SandboxResponse {
  if (!data.relayer(relayerId)) return relayerNotFound(flavor, relayerId);
  const active = activeCount(data, relayerId);
  if (active > 0)
    return fail(flavor, 400, `Cannot delete relayer '${relayerId}' because it has ${active} transaction(s). Please wait for all transactions to complete or cancel them before deleting the relayer.`);
  data.deleteRelayer(relayerId);
  return ok('Relayer deleted successfully');
}
