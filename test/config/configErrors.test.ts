/**
 * Issue 18.1: a broken config file never puts the operator on the sandbox; a context with an error is
 * unusable and says why, every other context works; every error is reported at once.
 */
import { chmodSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseCli } from '../../src/cli/index.js';
import type { AppConfig } from '../../src/config/config.js';
import { loadConfigFile } from '../../src/config/contextFile.js';
import { printContexts } from '../../src/info.js';

function dir(text: string): string {
  const d = mkdtempSync(join(tmpdir(), 'relayer-tui-cfgerr-'));
  writeFileSync(join(d, 'config.yaml'), text);
  chmodSync(join(d, 'config.yaml'), 0o600);
  return d;
}

const TYPO = `current_context: bad
contexts:
  good-one:
    url: http://127.0.0.1:9
    token_env: GOOD_KEY
  bad:
    url: http://127.0.0.1:9
    tokn_env: BAD_KEY
    per_page: lots
  worse:
    url: 127.0.0.1:44505
    token_env: X
`;

describe('a config file with errors', () => {
  it('reports every error at once, in line order, each file:line: key: what', async () => {
    const d = dir(TYPO);
    const r = await loadConfigFile(join(d, 'config.yaml'));
    if (r.kind !== 'ok') throw new Error(r.kind);
    const f = join(d, 'config.yaml');
    expect(r.errors).toEqual([
      `${f}:8: contexts.bad.tokn_env: is not a known key (did you mean token_env?)`,
      `${f}:9: contexts.bad.per_page: Invalid input: expected number, received string`,
      `${f}:11: contexts.worse.url: not a URL: write the scheme, e.g. http://127.0.0.1:44505`,
    ]);
    expect(Object.keys(r.file.contexts)).toEqual(['good-one']);
    expect(Object.keys(r.broken)).toEqual(['bad', 'worse']);
  });

  it('the broken current context refuses with its errors (exit 3): never the sandbox', async () => {
    const d = dir(TYPO);
    const a = await parseCli([], { HOME: '/x', RELAYER_TUI_CONFIG_DIR: d });
    expect(a).toMatchObject({ kind: 'error', exit: 3 });
    expect((a as { message: string }).message).toMatch(/^context bad \(current_context\) cannot be used:\n {2}.*:8: contexts\.bad\.tokn_env: is not a known key \(did you mean token_env\?\)\n {2}.*:9: contexts\.bad\.per_page: /);
  });

  it('--context good-one works despite the typos elsewhere, and says what is wrong in the others', async () => {
    const d = dir(TYPO);
    const a = await parseCli(['--context', 'good-one'], { HOME: '/x', RELAYER_TUI_CONFIG_DIR: d, GOOD_KEY: 'k' });
    if (a.kind !== 'run') throw new Error(JSON.stringify(a));
    expect(a.config).toMatchObject({ baseUrl: 'http://127.0.0.1:9', token: 'k', context: { name: 'good-one' } });
    expect(a.config.warnings.join('\n')).toMatch(/has 3 errors \(contexts bad, worse cannot be used\):\n.*tokn_env/);
    // The headless face the same.
    expect((await parseCli(['relayers', '--context', 'good-one'], { HOME: '/x', RELAYER_TUI_CONFIG_DIR: d, GOOD_KEY: 'k' })).kind).toBe('headless');
    const w = await parseCli(['relayers', '--context', 'worse'], { HOME: '/x', RELAYER_TUI_CONFIG_DIR: d });
    expect(w).toMatchObject({ kind: 'error', exit: 3, message: expect.stringMatching(/^context worse \(--context\) cannot be used:\n.*contexts\.worse\.url: not a URL/) });
  });

  it('`contexts` lists the good ones and the broken ones with their errors, exit 3', async () => {
    const d = dir(TYPO);
    const a = await parseCli(['contexts'], { HOME: '/x', RELAYER_TUI_CONFIG_DIR: d });
    if (a.kind !== 'contexts') throw new Error(JSON.stringify(a));
    let out = '';
    const code = printContexts(a.config, { write: (s: string) => ((out += s), true) } as unknown as NodeJS.WriteStream);
    expect(code).toBe(3);
    expect(out).toMatch(/^ {2}good-one +read-write +http:\/\/127\.0\.0\.1:9$/m);
    expect(out).toMatch(/^\* bad +BROKEN +cannot be used \(below\)$/m);
    expect(out).toMatch(/3 errors:\n {2}.*tokn_env/);
  });

  it('a YAML alias bomb is stopped and named with the file (exit 3), not a bare parser message', async () => {
    const bomb = ['a: &a [x, x, x, x, x, x, x, x, x]'];
    for (let i = 1; i < 9; i++) bomb.push(`${String.fromCharCode(97 + i)}: &${String.fromCharCode(97 + i)} [${Array(9).fill(`*${String.fromCharCode(96 + i)}`).join(', ')}]`);
    const d = dir(`${bomb.join('\n')}\ncontexts: {}\n`);
    const r = await loadConfigFile(join(d, 'config.yaml'));
    expect(r.kind).toBe('error');
    const a = await parseCli(['relayers'], { HOME: '/x', RELAYER_TUI_CONFIG_DIR: d });
    expect(a).toMatchObject({ kind: 'error', exit: 3 });
    expect((a as { message: string }).message).toContain(`${join(d, 'config.yaml')}: not read: its YAML aliases expand too far`);
  });

  it('a file with no current_context names the choices instead of starting the sandbox; --sandbox asks for it', async () => {
    const d = dir('contexts:\n  a:\n    url: http://127.0.0.1:9\n    token_env: K\n');
    const a = await parseCli([], { HOME: '/x', RELAYER_TUI_CONFIG_DIR: d });
    expect(a).toMatchObject({ kind: 'error', exit: 3, message: expect.stringMatching(/exists but names no context to use .*--context NAME \(a\).*--sandbox/) });
    const s = await parseCli(['--sandbox'], { HOME: '/x', RELAYER_TUI_CONFIG_DIR: d });
    expect(s.kind).toBe('run');
    expect((s as { config: AppConfig }).config.baseUrl).toBeUndefined();
  });

  it('a server URL without a scheme from a flag or RELAYER_URL is refused before anything is sent', async () => {
    const none = { HOME: '/x', RELAYER_TUI_CONFIG_DIR: '/nonexistent' };
    expect(await parseCli(['relayers', '--url', '127.0.0.1:44505', '--token', 'k'], none)).toMatchObject({ kind: 'error', exit: 2, message: expect.stringContaining('--url 127.0.0.1:44505: not a URL: write the scheme') });
    expect(await parseCli(['relayers'], { ...none, RELAYER_URL: 'ftp://x', RELAYER_API_KEY: 'k' })).toMatchObject({ kind: 'error', exit: 3, message: expect.stringContaining('not an http:// or https:// URL') });
  });

  it('with the server named outside the file, a broken file is a warning with every error', async () => {
    const d = dir('contexts:\n  a: [\n');
    const a = await parseCli(['--url', 'http://127.0.0.1:9', '--token', 'k'], { HOME: '/x', RELAYER_TUI_CONFIG_DIR: d });
    if (a.kind !== 'run') throw new Error(JSON.stringify(a));
    expect(a.config.warnings.join('\n')).toMatch(/^config file not used \(the server comes from the command line\):\n {2}.*config\.yaml:\d+: /m);
  });
});

describe('info (issue 18.10)', () => {
  it("shows the context's watch, accent and first relayer, with where each came from", async () => {
    const d = dir('current_context: lab\ncontexts:\n  lab:\n    url: http://127.0.0.1:9\n    token_env: LAB_KEY\n    watch: 7\n    accent: magenta\n    relayer: eu-hot-wallet\n');
    const a = await parseCli(['info'], { HOME: '/x', RELAYER_TUI_CONFIG_DIR: d, LAB_KEY: 'k' });
    if (a.kind !== 'info') throw new Error(JSON.stringify(a));
    let out = '';
    const { printInfo } = await import('../../src/info.js');
    await printInfo({ ...a.config, dialect: 'contract' }, { LAB_KEY: 'k' }, { write: (s: string) => ((out += s), true), isTTY: false } as unknown as NodeJS.WriteStream, 'OSC 52');
    expect(out).toMatch(/^watch\s+every 7 s \(from context lab\)$/m);
    expect(out).toMatch(/^accent\s+magenta \(from context lab\)$/m);
    expect(out).toMatch(/^first relayer\s+eu-hot-wallet \(from context lab\)$/m);
  });
});

describe('--sandbox', () => {
  it('asks for the built-in sandbox over a broken file, RELAYER_URL and a context (the file said once)', async () => {
    const d = dir('current_context: a\ncontexts:\n  a: [\n');
    const a = await parseCli(['--sandbox'], { HOME: '/x', RELAYER_TUI_CONFIG_DIR: d, RELAYER_URL: 'http://127.0.0.1:9', RELAYER_API_KEY: 'k' });
    if (a.kind !== 'run') throw new Error(JSON.stringify(a));
    expect(a.config.baseUrl).toBeUndefined();
    expect(a.config.warnings.join('\n')).toMatch(/^config file not used \(the server comes from --sandbox\)/m);
  });
});

describe('every error at once, round 2 (issue 28.6)', () => {
  it('a context with a URL without a scheme and a per_page that is no number: both said', async () => {
    const d = dir(`contexts:\n  a:\n    url: 127.0.0.1:40319\n    token_env: X\n    per_page: fifty\n    token_file: /x\n`);
    const r = await loadConfigFile(join(d, 'config.yaml'));
    if (r.kind !== 'ok') throw new Error(r.kind);
    const f = join(d, 'config.yaml');
    expect(r.broken.a).toEqual([
      `${f}:3: contexts.a.url: not a URL: write the scheme, e.g. http://127.0.0.1:40319`,
      expect.stringMatching(new RegExp(`^${f.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}:5: contexts\\.a\\.per_page: `)),
      `${f}:6: contexts.a.token_file: give one of token_env, token_file, token_command (token_env and token_file here)`,
    ]);
  });

  it('a fleet naming what is not a context: the fleet says which member, file:line — never "no fleet named"', async () => {
    const d = dir(`contexts:\n  good:\n    url: http://127.0.0.1:9\n    token_env: X\nfleets:\n  prod: [good, missing]\n`);
    const f = join(d, 'config.yaml');
    const r = await loadConfigFile(f);
    if (r.kind !== 'ok') throw new Error(r.kind);
    expect(r.errors).toEqual([`${f}:6: fleets.prod: its member missing is not a context (there are: good)`]);
    const { fleetSources } = await import('../../src/config/fleetSources.js');
    expect(fleetSources(r, ['prod'], {})).toEqual({ error: `The fleet prod cannot be read: ${f}:6: fleets.prod: its member missing is not a context (there are: good)` });
    expect(fleetSources(r, ['good'], {})).toMatchObject({ title: 'good' });
  });
});
