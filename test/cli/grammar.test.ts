/**
 * The command line as kubectl and gh users expect it (issue 28.7): global options anywhere, a typo
 * answered with the command meant, and every candidate the completion offers accepted by the parser.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { parseCli } from '../../src/cli/index.js';
import { COMMANDS, NO_WORDS, parseArgv } from '../../src/cli/grammar.js';
import { COMMAND_OPTIONS, GLOBAL_OPTIONS } from '../../src/cli/commands.js';
import { complete } from '../../src/completion/index.js';

const dir = mkdtempSync(join(tmpdir(), 'relayer-tui-grammar-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const env = { RELAYER_URL: 'http://127.0.0.1:9', RELAYER_API_KEY: 'k', RELAYER_TUI_CONFIG_DIR: join(dir, 'none'), XDG_STATE_HOME: join(dir, 'state'), HOME: dir };

describe('global options anywhere', () => {
  it('before the command, between, after: the same parse', async () => {
    const want = { kind: 'parsed', headless: 'txs', positionals: ['r1'] };
    for (const argv of [
      ['--config', 'F', 'txs', 'r1', '--status', 'pending'],
      ['txs', '--config', 'F', 'r1', '--status', 'pending'],
      ['txs', 'r1', '--status', 'pending', '--config', 'F'],
      ['--config=F', '--status', 'pending', 'txs', 'r1'],
      ['--read-only', '--config', 'F', 'txs', '--status=pending', 'r1'],
    ]) {
      const p = await parseArgv(argv);
      expect(p, argv.join(' ')).toMatchObject(want);
      expect((p as { values: Record<string, unknown> }).values).toMatchObject({ config: 'F', status: 'pending' });
    }
    expect(await parseArgv(['--config', 'F'])).toMatchObject({ kind: 'parsed', positionals: [] });
    expect((await parseArgv(['--config', 'F'])) as object).not.toHaveProperty('headless');
  });

  it('an option of one value given twice is refused (exit 2), never the last taken: notify\'s --url (the webhook) beside a server\'s --url; its values never echoed (one may be a token)', async () => {
    expect(await parseArgv(['--url', 'http://127.0.0.1:9', 'notify', '--url', 'https://hooks.example/x', '--dry-run'])).toEqual({
      kind: 'error',
      exit: 2,
      message: "--url given twice: each option once. For notify, --url is the webhook's address; its server is --server (or RELAYER_URL, or the context)",
    });
    expect(await parseArgv(['relayers', '--token', 'secret-1', '--token=secret-2'])).toEqual({ kind: 'error', exit: 2, message: '--token given twice: each option once' });
    // Repeatable ones stay repeatable, and a flag given twice is still the flag.
    expect(await parseArgv(['policies', 'r1', '--set', 'a=1', '--set', 'b=2'])).toMatchObject({ kind: 'parsed', values: { set: ['a=1', 'b=2'] } });
    expect(await parseArgv(['relayers', '--json', '--json'])).toMatchObject({ kind: 'parsed' });
    // --help still prints its page.
    expect(await parseArgv(['relayers', '--url', 'a', '--url', 'b', '--help'])).toMatchObject({ kind: 'help' });
    // Without a server, notify's error says what --url is there.
    expect(await parseCli(['notify', '--url', 'https://hooks.example/x'], { ...env, RELAYER_URL: '' })).toMatchObject({ kind: 'error', exit: 3, message: expect.stringContaining("--server (here --url is the webhook's address)") });
  });

  it('a mistyped command: "unknown command … did you mean …?", exit 2; a word nothing like one: no guess', async () => {
    expect(await parseArgv(['relayerz'])).toEqual({ kind: 'error', exit: 2, message: "unknown command 'relayerz' — did you mean relayers?\nRun relayer-tui --help for the commands." });
    expect(await parseArgv(['--config', 'F', 'fleeet', '--check'])).toMatchObject({ kind: 'error', exit: 2, message: expect.stringMatching(/^unknown command 'fleeet' — did you mean fleet\?/) });
    expect(await parseArgv(['contxts'])).toMatchObject({ message: expect.stringMatching(/did you mean contexts\?/) });
    expect(await parseArgv(['zzzzzzzz'])).toMatchObject({ kind: 'error', exit: 2, message: "unknown command 'zzzzzzzz'\nRun relayer-tui --help for the commands." });
    expect((await parseCli(['relayerz'], env)).kind).toBe('error');
  });

  it('help <command> is <command> --help, the same page; help alone is the usage; help of no command is refused as one', async () => {
    for (const cmd of ['check', 'policies', 'relayers', 'fleet']) {
      const page = await parseArgv([cmd, '--help']);
      expect(page).toMatchObject({ kind: 'help' });
      expect(await parseArgv(['help', cmd])).toEqual(page);
      expect(await parseArgv(['--config', 'F', 'help', cmd])).toEqual(page);
    }
    expect(await parseArgv(['help'])).toEqual(await parseArgv(['--help']));
    expect(await parseArgv(['help', 'completion'])).toEqual(await parseArgv(['completion', '--help']));
    expect(await parseArgv(['help', 'sandbox'])).toEqual({ kind: 'sandbox', argv: ['--help'] });
    expect(await parseArgv(['help', 'chek'])).toMatchObject({ kind: 'error', exit: 2, message: expect.stringMatching(/^unknown command 'chek' — did you mean check\?/) });
    expect(await complete(['help', 'che'], env)).toEqual(['check']);
  });

  it('a mistyped option: "unknown option … did you mean …?", exit 2, never node\'s advice about "--"', async () => {
    expect(await parseArgv(['fleet', '--chek'])).toEqual({ kind: 'error', exit: 2, message: 'unknown option --chek for fleet — did you mean --check?\nRun relayer-tui fleet --help for the options.' });
    expect(await parseArgv(['relayers', '--contxt', 'x'])).toMatchObject({ exit: 2, message: expect.stringMatching(/^unknown option --contxt for relayers — did you mean --context\?/) });
    expect(await parseArgv(['txs', '--zzzzzz'])).toEqual({ kind: 'error', exit: 2, message: 'unknown option --zzzzzz for txs\nRun relayer-tui txs --help for the options.' });
    expect(((await parseArgv(['relayers', '--jsn'])) as { message: string }).message).not.toMatch(/positional|'--'/);
  });

  it('a --config file that is not there is an error (exit 3), never the built-in sandbox in its place', async () => {
    const missing = join(dir, 'nope.yaml');
    for (const argv of [['--config', missing], ['relayers', '--config', missing], ['fleet', '--check', '--config', missing]])
      expect(await parseCli(argv, { ...env, RELAYER_URL: undefined }), argv.join(' ')).toEqual({ kind: 'error', exit: 3, message: `No config file at ${missing} (named by --config): check the path` });
  });

  it('audit lists the local ledger without a key; --settle, which reads the server, needs one', async () => {
    const keyless = { ...env, RELAYER_API_KEY: undefined };
    expect(await parseCli(['audit'], keyless)).toMatchObject({ kind: 'headless', command: 'audit' });
    expect(await parseCli(['audit', '--settle'], keyless)).toMatchObject({ kind: 'error', exit: 3, message: expect.stringMatching(/^No API key for /) });
  });

  it('an error about a command does not repeat the program name (main prefixes it once)', async () => {
    const r = await parseCli(['txs', 'r1'], { ...env, RELAYER_URL: undefined, RELAYER_API_KEY: undefined });
    expect(r).toMatchObject({ kind: 'error', exit: 3, message: expect.stringMatching(/^txs needs a server: /) });
  });
});

describe('every candidate the completion offers is accepted by the parser', () => {
  const valueFor = (opt: string, values: string[]) => (values.length ? values[0]! : ['per-page', 'timeout', 'watch', 'page', 'limit'].includes(opt) ? '5' : 'x');
  const REFUSED = /Unknown option|does not apply|Unexpected argument|unknown command|option .* argument missing/i;

  it.each(COMMANDS.filter((c) => c !== 'sandbox' && c !== 'completion'))('%s: each --flag it offers', async (command) => {
    const flags = await complete([command, '--'], env);
    expect(flags.length).toBeGreaterThan(3);
    for (const flag of flags) {
      const name = flag.slice(2);
      if (name === 'help') continue;
      const values = await complete([command, flag, ''], env);
      const p = await parseArgv([command, flag]);
      // A flag that takes a value says so when none is given; with one it is taken.
      const argv = p.kind === 'error' && /argument missing/.test(p.message) ? [command, flag, valueFor(name, values)] : [command, flag];
      const r = await parseCli(argv, env);
      expect(r.kind === 'error' ? r.message : 'accepted', argv.join(' ')).not.toMatch(REFUSED);
    }
  });

  it('the commands it offers are the ones the parser knows, and none other', async () => {
    const offered = await complete([''], env);
    expect([...offered].sort()).toEqual([...COMMANDS].sort());
    for (const c of offered) expect((await parseArgv([c, '--help'])).kind, c).not.toBe('error');
  });
});

describe('an empty command line', () => {
  it("is answered without node's parser exactly as the parser answers it, for the TUI's options and every subcommand's (no option has a default)", () => {
    const optionSets = [GLOBAL_OPTIONS, ...Object.values(COMMAND_OPTIONS).map((o) => ({ ...GLOBAL_OPTIONS, ...o }))];
    for (const o of optionSets) {
      const options = { ...o, help: { type: 'boolean', short: 'h' }, version: { type: 'boolean', short: 'v' } } as NonNullable<Parameters<typeof parseArgs>[0]>['options'];
      expect(NO_WORDS()).toEqual(parseArgs({ args: [], options, strict: true, allowPositionals: true, tokens: true }));
    }
  });
});
