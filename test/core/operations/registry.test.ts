/**
 * The registry is the one list of operations: each kind has its key or palette command, its
 * subcommand (and flag), a help line and ledger words; each send writes its `op` and `target`, and
 * settling reads them — a PATCH that is not a pause is never settled as one.
 */
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRelayerClient, prepareReplaceTransaction, type RelayerClient } from '../../../src/api/index.js';
import { AuditLedger, sendWords } from '../../../src/ledger/audit.js';
import { COMMAND_OPTIONS } from '../../../src/cli/commands.js';
import { USAGE } from '../../../src/cli/usage.js';
import { cancelPendingBuild, cancelRequest } from '../../../src/core/operations/cancel.js';
import { pauseRequest } from '../../../src/core/operations/pause.js';
import { execute } from '../../../src/core/operations/pipeline.js';
import { OPERATIONS, OPERATION_KINDS, OPERATION_SUBCOMMANDS, keyOperation, operationFeatures, subcommandOperation, subcommandOptions, type OperationKind } from '../../../src/core/operations/registry.js';
import { SPEC_KINDS } from '../../../src/core/operations/specs.js';
import { HELP } from '../../../src/cli/help.js';
import { isMutationCommand, routeOperation } from '../../../src/ui/mutations.js';
import type { Route } from '../../../src/ui/state/shell.js';
import type { Command } from '../../../src/ui/keymap.js';
import { settleTarget } from '../../../src/core/operations/settle.js';
import type { BuiltRequest } from '../../../src/core/operations/types.js';
import { startSandbox, type Sandbox } from '../../../src/sandbox/index.js';
import { BINDINGS } from '../../../src/ui/keymap.js';
import { PALETTE_COMMANDS } from '../../../src/ui/state/palette.js';

describe('the registry holds every operation', () => {
  it('each kind: its entry, its key or palette command, its subcommand and flag, a help line, ledger words naming its target', () => {
    expect([...OPERATION_KINDS].sort()).toEqual(['cancel', 'cancel-pending', 'network-update', 'notification-create', 'notification-delete', 'notification-update', 'pause', 'plugin-call', 'plugin-update', 'policy-edit', 'relayer-delete', 'replace', 'resume', 'send', 'withdraw']);
    for (const kind of OPERATION_KINDS) {
      const e = OPERATIONS[kind];
      expect(e.kind, kind).toBe(kind);
      if ('key' in e.opens) expect(BINDINGS.some((b) => b.command === (e.opens as { key: string }).key), `${kind}: keymap command ${e.opens.key}`).toBe(true);
      else expect(PALETTE_COMMANDS as readonly string[], kind).toContain(e.opens.palette);
      expect(Object.keys(COMMAND_OPTIONS), kind).toContain(e.subcommand);
      for (const flag of e.flags ?? []) expect(Object.keys((COMMAND_OPTIONS as Record<string, object>)[e.subcommand]!), kind).toContain(flag);
      expect(USAGE, `${kind}: the subcommand in --help`).toMatch(new RegExp(`relayer-tui ([a-z]+\\|)*${e.subcommand}\\b`));
      expect(e.description.length, kind).toBeGreaterThan(10);
      const target = { relayerId: 'r-1', txId: 'tx-1', pluginId: 'p-1', notificationId: 'n-1', networkId: 'evm:x' };
      const words = e.words(target, 16);
      for (const need of e.needs) expect(words, `${kind} names its ${need}`).toContain(target[need]);
    }
    // Every kind is a spec (one generic route and screen).
    expect([...OPERATION_KINDS].sort()).toEqual([...SPEC_KINDS].sort());
    // Headless --wait is offered exactly where the TUI follows after a send.
    for (const kind of OPERATION_KINDS) expect('wait' in COMMAND_OPTIONS[OPERATIONS[kind].subcommand] || !OPERATIONS[kind].follows, kind).toBe(true);
    for (const kind of OPERATION_KINDS) {
      const e = OPERATIONS[kind];
      const route = { kind: 'operation', op: kind, target: { relayerId: 'r-1' } } as Route;
      // Read-only mode knows the screen's operation (same words for kinds of one subcommand).
      expect(OPERATIONS[routeOperation(route)!].refused, kind).toBe(e.refused);
      if ('key' in e.opens) expect(isMutationCommand(e.opens.key as Command), kind).toBe(true);
      // Its synopsis in --help and in its subcommand's own help; its subcommand and flags select it.
      expect(USAGE, kind).toContain(`relayer-tui ${e.usage.split(' ').slice(0, 2).join(' ')}`);
      expect(HELP[e.subcommand], kind).toContain(`relayer-tui ${e.usage}`);
      expect(subcommandOperation(e.subcommand, (f) => (e.flags ?? []).includes(f), e.verb), kind).toBe(kind);
    }
    expect(subcommandOperation('policies', () => false)).toBeNull();
    expect(isMutationCommand('open' as Command)).toBe(false);
    // The draft rule: each form kept as a draft is an operation's, and only those with a form have one.
    expect(OPERATION_KINDS.filter((k) => OPERATIONS[k].draft !== null).map((k) => [k, OPERATIONS[k].draft])).toEqual([
      ['replace', 'replace'],
      ['plugin-call', 'plugin'],
      ['notification-create', 'notify'],
    ]);
  });
});

describe('the registry drives the keys, the options and the server screen', () => {
  it('P opens pause, or resume on a paused relayer; X on a relayer cancels what is pending; p edits policies; e opens nothing on a relayer', () => {
    expect(keyOperation('pause', { paused: false })).toBe('pause');
    expect(keyOperation('pause', {})).toBe('pause');
    expect(keyOperation('pause', { paused: true })).toBe('resume');
    expect(keyOperation('cancelPending', {})).toBe('cancel-pending');
    expect(keyOperation('policies', {})).toBe('policy-edit');
    // Transaction keys need a transaction: not a relayer's.
    expect(keyOperation('edit', {})).toBeNull();
    expect(keyOperation('cancel', {})).toBeNull();
    expect(keyOperation('open', {})).toBeNull();
    // D on a relayer deletes it (relayer-delete); on a notification, the notification (keyOperationOn).
    expect(keyOperation('delete', {})).toBe('relayer-delete');
  });

  it("the keys whose review asks for an id typed say so in the help (W, X on a relayer, D), and no other key does", () => {
    const typed = OPERATION_KINDS.filter((k) => OPERATIONS[k].typedConfirm !== undefined);
    expect([...typed].sort()).toEqual(['cancel-pending', 'notification-delete', 'relayer-delete', 'withdraw']);
    // Each one's build asks for that id (cancel-pending's, built here; the others' in their UI tests' reviews).
    expect(cancelPendingBuild({ target: { relayerId: 'r-1' }, relayer: undefined, pending: [], now: 0, offered: true } as unknown as Parameters<typeof cancelPendingBuild>[0]).confirm).toBe('r-1');
    for (const b of BINDINGS) {
      const kind = OPERATION_KINDS.find((k) => { const o = OPERATIONS[k].opens; return 'key' in o && o.key === b.command && b.description.startsWith(OPERATIONS[k].description.slice(0, 1).toUpperCase() + OPERATIONS[k].description.slice(1)); });
      if (!kind) continue;
      const who = OPERATIONS[kind].typedConfirm;
      if (who) expect(b.description, `${b.label} (${b.scope})`).toContain(`the ${who}'s id typed to confirm`);
      else expect(b.description, `${b.label} (${b.scope})`).not.toContain('typed to confirm');
    }
  });

  it("a subcommand's options are its kinds' and --wait only where one follows a jam", () => {
    expect(Object.keys(subcommandOptions('pause'))).toEqual([]);
    expect(Object.keys(subcommandOptions('resume'))).toEqual(['wait']);
    expect(Object.keys(subcommandOptions('cancel')).sort()).toEqual(['all-pending', 'wait']);
    for (const sub of OPERATION_SUBCOMMANDS) expect(Object.keys(COMMAND_OPTIONS[sub]), sub).toEqual(expect.arrayContaining(['dry-run', 'yes', 'json', 'output', ...Object.keys(subcommandOptions(sub))]));
    expect(operationFeatures()).toEqual([
      { feature: 'send', label: 'send/withdraw' },
      { feature: 'cancel', label: 'cancel' },
      { feature: 'cancelPending', label: 'cancel-pending' },
      { feature: 'pause', label: 'pause/resume' },
      { feature: 'policies', label: 'policy-edit' },
      { feature: 'plugins', label: 'plugin-update' },
      { feature: 'networks', label: 'network-update' },
      { feature: 'notifications', label: 'notifications' },
    ]);
    // A verb's subcommand: its verbs select, anything else is a read.
    expect(subcommandOperation('notifications', () => false, 'update')).toBe('notification-update');
    expect(subcommandOperation('notifications', () => false, 'delete')).toBe('notification-delete');
    expect(subcommandOperation('notifications', () => false, 'list')).toBeNull();
    expect(subcommandOperation('plugins', () => false, 'update')).toBe('plugin-update');
    expect(subcommandOperation('networks', () => false, 'update')).toBe('network-update');
    expect(subcommandOperation('networks', () => false, 'get')).toBeNull();
    expect(subcommandOperation('notifications', () => false, undefined)).toBeNull();
  });
});

describe('the ledger records op and target', () => {
  let sb: Sandbox;
  let client: RelayerClient;
  beforeAll(async () => {
    sb = await startSandbox({ port: 0, flavor: 'real', token: 'registry-token' });
    client = createRelayerClient({ baseUrl: sb.url, token: sb.token });
  });
  afterAll(() => sb.close());

  it('a pause, a resume, a cancel and a replace each write op and target on their sent line', async () => {
    const path = join(mkdtempSync(join(tmpdir(), 'registry-ledger-')), 'audit.jsonl');
    const ledger = new AuditLedger(path, { context: 't', server: sb.url });
    const relayers = (await client.listRelayers({ perPage: 100 })).items;
    const bsc = relayers.find((r) => r.id === 'bsc-treasury');
    const tx = (await client.listTransactions('sepolia-main', { perPage: 50 })).items.find((t) => t.status === 'submitted')!;
    const replace: BuiltRequest = {
      op: 'replace',
      target: { relayerId: 'sepolia-main', txId: tx.id },
      what: 'replace',
      prepared: prepareReplaceTransaction('sepolia-main', tx.id, { value: '0', speed: 'fast', to: tx.to ?? undefined }),
      send: (c, o) => c.replaceTransaction('sepolia-main', tx.id, { value: '0', speed: 'fast', to: tx.to ?? undefined }, o),
    };
    const cancel = cancelRequest('sepolia-main', tx.id, relayers.find((r) => r.id === 'sepolia-main'), tx, true, 'keys');
    const sends: BuiltRequest[] = [pauseRequest('bsc-treasury', bsc, true, true) as BuiltRequest, pauseRequest('bsc-treasury', { ...bsc!, paused: true }, false, true) as BuiltRequest, replace, cancel as BuiltRequest];
    for (const r of sends) expect((await execute(r, { client, ledger })).kind, r.op).toBe('answered');
    const sent = readFileSync(path, 'utf8').trim().split('\n').map((l) => JSON.parse(l) as Record<string, unknown>).filter((l) => l.phase === 'sent');
    expect(sent.map((l) => [l.op, l.target])).toEqual([
      ['pause', { relayerId: 'bsc-treasury' }],
      ['resume', { relayerId: 'bsc-treasury' }],
      ['replace', { relayerId: 'sepolia-main', txId: tx.id }],
      ['cancel', { relayerId: 'sepolia-main', txId: tx.id }],
    ]);
    // Words and read-backs come from them.
    const read = ledger.read();
    expect(read.map((e) => sendWords(e, 8))).toEqual([`cancel ${tx.id.slice(0, 8)}… on relayer sepolia-main`, `replace ${tx.id.slice(0, 8)}… on relayer sepolia-main`, 'resume relayer bsc-treasury', 'pause relayer bsc-treasury']);
  });

  it('settling reads op and target, never the path: a PATCH recorded as another operation is not a pause; older lines keep the path rules', () => {
    const patch = { method: 'PATCH', path: '/api/v1/relayers/r1', body: '{"policies":{"gas_price_cap":1}}' };
    // A policy edit is its own operation: never worded as a pause; read back as the relayer carrying its patch.
    expect(settleTarget({ ...patch, op: 'policy-edit', target: { relayerId: 'r1' } })).toEqual({ kind: 'relayer', relayerId: 'r1' });
    expect(sendWords({ ...patch, op: 'policy-edit', target: { relayerId: 'r1' } })).toBe('change relayer r1');
    // A line of a newer version (an operation this one does not know): not read back, never "pause".
    expect(settleTarget({ ...patch, op: 'relayer-rename', target: { relayerId: 'r1' } })).toMatchObject({ kind: 'none', why: expect.stringContaining('does not know') });
    expect(sendWords({ ...patch, op: 'relayer-rename', target: { relayerId: 'r1' } })).toBe('PATCH /relayers/r1');
    // op decides, whatever the path says.
    expect(settleTarget({ method: 'PATCH', path: '/api/v1/relayers/elsewhere', body: '{}', op: 'resume', target: { relayerId: 'r1' } })).toEqual({ kind: 'relayer', relayerId: 'r1' });
    expect(settleTarget({ method: 'DELETE', path: '/x', body: '', op: 'cancel', target: { relayerId: 'r1', txId: 't1' } })).toEqual({ kind: 'cancel', relayerId: 'r1', txId: 't1' });
    // A line written before op existed: today's rules.
    expect(settleTarget({ method: 'PATCH', path: '/api/v1/relayers/r1', body: '{"paused":false}' })).toEqual({ kind: 'relayer', relayerId: 'r1' });
    expect(sendWords({ method: 'POST', path: '/api/v1/plugins/echo/call', body: '{}' })).toBe('call plugin echo');
    expect(sendWords({ method: 'PATCH', path: '/api/v1/relayers/r1', body: '{"paused":false}' })).toBe('resume relayer r1');
    const kinds: OperationKind[] = ['plugin-call', 'notification-create', 'cancel-pending'];
    expect(settleTarget({ method: 'DELETE', path: '/api/v1/relayers/r1/transactions/pending', body: '' })).toMatchObject({ kind: 'none', why: OPERATIONS['cancel-pending'].readBack.kind === 'none' ? OPERATIONS['cancel-pending'].readBack.why : '' });
    for (const op of kinds) expect(settleTarget({ method: 'POST', path: '/', body: '', op, target: { relayerId: 'r1' } }).kind, op).toBe('none');
  });
});
