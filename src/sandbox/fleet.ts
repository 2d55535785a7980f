/**
 * `relayer-tui sandbox --fleet N`: N deployments, each its own sandbox on its own port, so the fleet
 * view has something to show on a fresh machine — mixed flavours, one holding bulk-1m, one mostly
 * paused, one with every balance far under its minimum, one slow (300 ms an answer); the rest 20
 * relayers each. Their config.yaml (contexts and fleets) goes to stdout; the key is in a 0600 file.
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Flavor } from './flavor.js';
import { startSandbox } from './server.js';
import type { Sandbox, SandboxOptions, SeedProfile } from './types.js';

export interface Deployment {
  name: string;
  sandbox: Sandbox;
  /** What is special about it, in words. */
  about: string;
}

interface Plan {
  suffix: string;
  flavor: Flavor;
  profile?: SeedProfile;
  latencyMs?: number;
  about: string;
}

/** The i-th deployment (0-based): the special ones first, then plain ones alternating flavours. */
export function deploymentPlan(i: number, relayers = 20): Plan {
  switch (i) {
    case 0:
      return { suffix: 'bulk', flavor: 'contract', about: 'the 15 seeds, bulk-1m among them (contract flavour)' };
    case 1:
      return { suffix: 'paused', flavor: 'real', profile: { relayers, pausedHeavy: true }, about: `${relayers} relayers, three in four paused (real flavour)` };
    case 2:
      return { suffix: 'low', flavor: 'real', profile: { relayers, lowBalances: true }, about: `${relayers} relayers, every balance under its minimum (real flavour)` };
    case 3:
      return { suffix: 'slow', flavor: 'contract', profile: { relayers }, latencyMs: 300, about: `${relayers} relayers, 300 ms an answer (contract flavour)` };
    default:
      return { suffix: '', flavor: i % 2 ? 'real' : 'contract', profile: { relayers }, about: `${relayers} relayers (${i % 2 ? 'real' : 'contract'} flavour)` };
  }
}

export async function startFleet(n: number, o: { host?: string; token?: string; relayers?: number; extra?: (i: number) => Partial<SandboxOptions> } = {}): Promise<Deployment[]> {
  const token = o.token ?? randomBytes(16).toString('hex');
  const started = await Promise.allSettled(
    Array.from({ length: n }, async (_, i) => {
      const plan = deploymentPlan(i, o.relayers);
      const sandbox = await startSandbox({ host: o.host, port: 0, token, flavor: plan.flavor, profile: plan.profile, latencyMs: plan.latencyMs, ...o.extra?.(i) });
      return { name: `fleet-${i + 1}${plan.suffix ? `-${plan.suffix}` : ''}`, sandbox, about: plan.about };
    }),
  );
  const ok = started.flatMap((r) => (r.status === 'fulfilled' ? [r.value] : []));
  const failed = started.find((r) => r.status === 'rejected');
  if (failed) {
    await Promise.all(ok.map((d) => d.sandbox.close()));
    throw (failed as PromiseRejectedResult).reason;
  }
  return ok;
}

/** The config.yaml of a fleet: one context per deployment reading its key from `tokenFile`, fleets by flavour. */
export function fleetConfig(deployments: readonly Deployment[], tokenFile: string): string {
  const lines = [
    `# relayer-tui sandbox --fleet ${deployments.length}: ${deployments.length} sandbox deployments on this machine (they stop with it).`,
    '#   relayer-tui fleet --config THIS_FILE          every relayer of every deployment, worst first',
    '#   relayer-tui --config THIS_FILE                the TUI on the first one; F (or :fleet) shows them all',
    `current_context: ${deployments[0]?.name ?? ''}`,
    'contexts:',
  ];
  for (const d of deployments) {
    lines.push(`  ${d.name}:   # ${d.about}`, `    url: ${d.sandbox.url}`, `    token_file: ${JSON.stringify(tokenFile)}`, '    timeout: 5');
    if (d.name.endsWith('-low')) lines.push("    min_balance: { '*': 1 ETH }");
  }
  const byFlavour = (f: Flavor) => deployments.filter((d) => d.sandbox.flavor === f).map((d) => d.name);
  lines.push('fleets:', `  all: [${deployments.map((d) => d.name).join(', ')}]`);
  for (const f of ['contract', 'real'] as const) if (byFlavour(f).length) lines.push(`  ${f}: [${byFlavour(f).join(', ')}]`);
  return `${lines.join('\n')}\n`;
}

/** Starts the fleet, writes its key to a private file and returns the config (and how to clean up). */
export async function serveFleet(n: number, o: { host?: string; token?: string; relayers?: number } = {}): Promise<{ deployments: Deployment[]; config: string; close: () => Promise<void> }> {
  const deployments = await startFleet(n, o);
  const dir = mkdtempSync(join(tmpdir(), 'relayer-tui-fleet-'));
  const tokenFile = join(dir, 'token');
  writeFileSync(tokenFile, `${deployments[0]!.sandbox.token}\n`, { mode: 0o600 });
  return {
    deployments,
    config: fleetConfig(deployments, tokenFile),
    close: async () => {
      await Promise.all(deployments.map((d) => d.sandbox.close()));
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
