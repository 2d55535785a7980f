/**
 * Every spec'd operation (core/operations/specs.ts SPEC_KINDS) is whole and reached by both faces:
 * its spec loads as its kind with every member; the TUI opens it (a keymap binding of its entry's key,
 * the key's operation on a relayer, the one generic route read as its operation); headless takes it
 * (its subcommand in the command table with --dry-run and --yes, its verb or flags selecting it); and
 * help and completion list it.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { COMMAND_OPTIONS, HEADLESS_COMMANDS } from '../../src/cli/commands.js';
import { HELP } from '../../src/cli/help.js';
import { OPERATIONS_TEXT } from '../../src/cli/usage.js';
import { complete } from '../../src/completion/index.js';
import { OPERATIONS, OPERATION_KINDS, isFormKind, keyOperation, keyOperationOn, subcommandOperation, type OperationKind, type OperationTarget } from '../../src/core/operations/registry.js';
import { SPEC_KINDS, SPECS, isSpecKind, loadSpec } from '../../src/core/operations/specs.js';
import { BINDINGS } from '../../src/ui/keymap.js';
import { routeOperation } from '../../src/ui/mutations.js';
import { parsePalette } from '../../src/ui/state/palette.js';
import type { Route } from '../../src/ui/state/shell.js';

/** The keymap scopes where an operation on each kind of target is opened (its list, or its own screen). */
const SCOPES_OF: Partial<Record<keyof OperationTarget, readonly string[]>> = { relayerId: ['relayers', 'relayer'], txId: ['transactions', 'transaction'], notificationId: ['notifications'], networkId: ['networks'], pluginId: ['plugins'] };

const MEMBERS = ['read', 'known', 'refusal', 'build', 'reviewNotes', 'basis', 'events'] as const;
/** A spec with a form (registry.ts FORM_KINDS) has these too: its fields from the input, and one flag grammar. */
const FORM_MEMBERS = ['form', 'fromFlags'] as const;

/**
 * The operations not yet driven by a spec (still by headless PREPARE and their own screens):
 * a list that must shrink. A kind moved onto a spec leaves it; a new kind is either spec'd or listed here.
 */
const NOT_YET_SPECS: OperationKind[] = [];

describe('every OperationKind', () => {
  it('is a spec or listed as not yet one (the list names no spec and misses no other kind)', () => {
    const specd = OPERATION_KINDS.filter((k) => isSpecKind(k));
    const notYet = OPERATION_KINDS.filter((k) => !isSpecKind(k)).sort();
    expect(specd.filter((k) => NOT_YET_SPECS.includes(k)), "spec'd but still listed as not yet").toEqual([]);
    expect(notYet, 'not spec\'d: the list must name exactly these').toEqual([...NOT_YET_SPECS].sort());
    expect(specd.length + notYet.length).toBe(OPERATION_KINDS.length);
  });
});

describe("the spec'd operations", () => {
  it('are the ones moved so far (pause, resume, cancel, cancel-pending, notification delete, withdraw, network update, notification create and update, plugin update and call, policy edit, send, replace) and relayer delete, each with its loader', () => {
    expect([...SPEC_KINDS].sort()).toEqual(['cancel', 'cancel-pending', 'network-update', 'notification-create', 'notification-delete', 'notification-update', 'pause', 'plugin-call', 'plugin-update', 'policy-edit', 'relayer-delete', 'replace', 'resume', 'send', 'withdraw']);
    for (const kind of SPEC_KINDS) expect(typeof SPECS[kind], kind).toBe('function');
  });

  it.each(SPEC_KINDS)('%s: its spec has every member, and its registry entry', async (kind) => {
    const spec = await loadSpec(kind);
    expect(spec.kind).toBe(kind);
    expect(spec.entry).toBe(OPERATIONS[kind]);
    for (const m of MEMBERS) expect(typeof spec[m], `${kind}.${m}`).toBe('function');
    // A form kind has its form members; a review-only one has none (its build takes no values).
    for (const m of FORM_MEMBERS) expect(typeof (spec as unknown as Record<string, unknown>)[m], `${kind}.${m}`).toBe(isFormKind(kind) ? 'function' : 'undefined');
  });

  it.each(SPEC_KINDS)('%s: the TUI reaches it (its key bound where its target is listed, the key opens it there, or its palette command opens it; the generic route is it)', (kind) => {
    const e = OPERATIONS[kind];
    if ('palette' in e.opens) {
      // Its palette command (on the id typed where it needs one: `:plugin ID`; on none: `:notify`) is the generic route to it.
      const target = Object.fromEntries(e.needs.map((n) => [n, 'x-1']));
      expect(parsePalette([e.opens.palette, ...e.needs.map(() => 'x-1')].join(' '))).toEqual({ kind: 'route', route: { kind: 'operation', op: kind, target } });
      expect(routeOperation({ kind: 'operation', op: kind, target } as Route)).toBe(kind);
      return;
    }
    expect('key' in e.opens, kind).toBe(true);
    const key = (e.opens as { key: string }).key;
    // What it acts on: a transaction, a notification, else a relayer.
    const on = e.needs.find((n) => n !== 'relayerId') ?? 'relayerId';
    const scopes = SCOPES_OF[on];
    expect(scopes, `${kind}: where a ${on}'s operations are opened`).toBeDefined();
    expect(BINDINGS.some((b) => b.command === key && scopes!.includes(b.scope)), `${kind}: ${key} bound on a ${on}`).toBe(true);
    if (on === 'relayerId') expect([keyOperation(key, { paused: false }), keyOperation(key, { paused: true })], kind).toContain(kind);
    else expect(keyOperationOn(key, on), kind).toBe(kind);
    expect(routeOperation({ kind: 'operation', op: kind, target: { relayerId: 'r-1' } } as Route)).toBe(kind);
    expect(isSpecKind(kind)).toBe(true);
  });

  it.each(SPEC_KINDS)('%s: headless reaches it (its subcommand, --dry-run and --yes, its verb or flags select it)', (kind) => {
    const e = OPERATIONS[kind];
    expect(HEADLESS_COMMANDS).toContain(e.subcommand);
    expect(Object.keys(COMMAND_OPTIONS[e.subcommand])).toEqual(expect.arrayContaining(['dry-run', 'yes']));
    expect(subcommandOperation(e.subcommand, (f) => (e.flags ?? []).includes(f), e.verb)).toBe(kind);
  });

  it.each(SPEC_KINDS)('%s: help and completion list it', async (kind) => {
    const e = OPERATIONS[kind];
    expect(HELP[e.subcommand]).toContain(`relayer-tui ${e.usage}`);
    expect(OPERATIONS_TEXT).toContain(`relayer-tui ${e.usage.split(' ').slice(0, 2).join(' ')}`);
    const dir = mkdtempSync(join(tmpdir(), 'relayer-tui-specs-'));
    const env = { HOME: dir, RELAYER_TUI_CONFIG_DIR: dir };
    expect(await complete([''], env)).toContain(e.subcommand);
    if (e.verb) expect(await complete([e.subcommand, ''], env)).toContain(e.verb);
    expect(await complete([e.subcommand, '--'], env)).toEqual(expect.arrayContaining(['--dry-run', '--yes']));
  });
});
