/**
 * Issue 52.2 / 55.2: an operation's help is made from its registry entry. Every option of every
 * operation is a line of its subcommand's --help and of its man page section; its description is its
 * page's (and the man page's), the keymap rows that open it say it, and it is written once in src/.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { HELP } from '../../src/cli/help.js';
import { manPage } from '../../src/cli/manPage.js';
import { roffText } from '../../src/cli/roff.js';
import { OPERATION_KINDS, OPERATIONS } from '../../src/core/operations/registry.js';
import { SANDBOX_USAGE } from '../../src/sandbox/cli.js';
import { BINDINGS } from '../../src/ui/keymap.js';

const page = manPage('1.2.3', SANDBOX_USAGE);
/** A command's section of the man page: from its .SS to the next. */
const section = (sub: string): string => {
  const at = page.indexOf(`.SS ${roffText(`relayer-tui ${sub}`).replace(/^(.*)$/, '\\fB$1\\fR')}\n`);
  expect(at, sub).toBeGreaterThan(0);
  const end = page.indexOf('\n.SS ', at + 1);
  return page.slice(at, end < 0 ? undefined : end);
};

/** Every .ts/.tsx file under src/, its text. */
function sources(dir = join(__dirname, '../../src')): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? sources(join(dir, e.name)) : /\.tsx?$/.test(e.name) ? [readFileSync(join(dir, e.name), 'utf8')] : []));
}

describe("an operation's help, from its registry entry", () => {
  it.each(OPERATION_KINDS)('%s: every option a line of its --help and of its man page section, --wait where it follows', (kind) => {
    const e = OPERATIONS[kind];
    const help = HELP[e.subcommand];
    const man = section(e.subcommand);
    const options = [...Object.keys(e.options), ...(e.follows ? ['wait'] : [])];
    for (const o of options) {
      expect(help, `${kind}: --${o} in relayer-tui ${e.subcommand} --help`).toMatch(new RegExp(`^  --${o}\\b[^\\n]*? {2,}\\S`, 'm'));
      expect(man, `${kind}: --${o} in the man page`).toContain(`\\fB${roffText(`--${o}`)}`);
    }
  });

  it.each(OPERATION_KINDS)('%s: its description in its --help, the man page, and the keymap rows that open it', (kind) => {
    const e = OPERATIONS[kind];
    // (wrapped at 100 columns where it is a line under a read's synopsis)
    expect(HELP[e.subcommand].replace(/\s+/g, ' ')).toContain(e.description);
    expect(page).toContain(roffText(e.description));
    if (!('key' in e.opens)) return;
    const key = e.opens.key;
    // The rows of its key where its target is listed (a transaction's, a notification's, …, else a relayer's).
    const on = e.needs.find((n) => n !== 'relayerId') ?? 'relayerId';
    const scopes: Record<string, readonly string[]> = { relayerId: ['relayers', 'relayer'], txId: ['transactions', 'transaction', 'stuck'], notificationId: ['notifications'], networkId: ['networks'], pluginId: ['plugins'] };
    const rows = BINDINGS.filter((b) => b.command === key && scopes[on]!.includes(b.scope));
    expect(rows.length, kind).toBeGreaterThan(0);
    const said = `${e.description[0]!.toUpperCase()}${e.description.slice(1)}`;
    for (const b of rows) expect(b.description.includes(said) || b.description.includes(e.description), `${kind}: ${b.scope} ${b.label}`).toBe(true);
  });

  it("each operation's description, and what it proposes, is written once in src/", () => {
    const all = sources();
    const count = (s: string) => all.reduce((n, text) => n + text.split(s).length - 1, 0);
    for (const k of OPERATION_KINDS) {
      expect(count(OPERATIONS[k].description), k).toBe(1);
      if (OPERATIONS[k].proposes) expect(count(OPERATIONS[k].proposes!), `${k} proposes`).toBe(1);
    }
  });
});
