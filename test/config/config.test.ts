/** The config file and the precedence of every source: flags > environment > context > defaults. */
import { chmodSync, mkdtempSync, writeFileSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseCli } from '../../src/cli/index.js';
import type { AppConfig } from '../../src/config/config.js';
import { configJsonSchema, loadConfigFile } from '../../src/config/contextFile.js';
import { printInfo } from '../../src/info.js';

function dir(files: Record<string, string>): string {
  const d = mkdtempSync(join(tmpdir(), 'relayer-tui-cfg-'));
  for (const [name, text] of Object.entries(files)) {
    writeFileSync(join(d, name), text);
    chmodSync(join(d, name), 0o600);
  }
  return d;
}

const THREE = `current_context: staging
contexts:
  staging:
    url: http://127.0.0.1:8080
    token_env: STAGING_KEY
    per_page: 40
  prod-eu:
    url: https://relayer.eu.example.com
    token_command: echo tok-$((6*7))
    accent: red
  prod-lab:
    url: https://lab.example.com
    token_file: TOKENFILE
    read_only: false
    timeout: 3
    dialect: openzeppelin
`;

async function run(argv: string[], env: Record<string, string | undefined>): Promise<AppConfig> {
  const a = await parseCli(argv, { HOME: '/nonexistent', ...env });
  if (a.kind !== 'run' && a.kind !== 'info') throw new Error(`expected run, got ${JSON.stringify(a)}`);
  return a.config;
}

describe('contexts from the config file', () => {
  const d = dir({ 'config.yaml': THREE, token: 'from-file\nsecond line\n' });
  writeFileSync(join(d, 'config.yaml'), THREE.replace('TOKENFILE', join(d, 'token')));
  const env = { RELAYER_TUI_CONFIG_DIR: d, STAGING_KEY: 'from-env' };

  it('current_context, its token from token_env, per_page; read-write', async () => {
    const c = await run([], env);
    expect(c).toMatchObject({ baseUrl: 'http://127.0.0.1:8080', token: 'from-env', perPage: 40, readOnly: false, context: { name: 'staging' } });
    expect(c.sources).toMatchObject({ url: 'context staging', token: 'token_env STAGING_KEY', perPage: 'context staging' });
  });

  it('--context and RELAYER_TUI_CONTEXT pick another; token_command; prod* is read-only', async () => {
    const c = await run(['--context', 'prod-eu'], env);
    expect(c).toMatchObject({ baseUrl: 'https://relayer.eu.example.com', token: 'tok-42', readOnly: true, context: { name: 'prod-eu', accent: 'red' } });
    expect(c.sources.token).toBe('token_command');
    expect((await run([], { ...env, RELAYER_TUI_CONTEXT: 'prod-eu' })).context?.name).toBe('prod-eu');
  });

  it('read_only: false lifts the prod* rule; token_file reads the first line; timeout and dialect', async () => {
    const c = await run(['--context', 'prod-lab'], env);
    expect(c).toMatchObject({ token: 'from-file', readOnly: false, timeoutMs: 3000, dialect: 'openzeppelin' });
  });

  it('flags > environment > context: --url wins, RELAYER_URL wins over the context, --read-only over all', async () => {
    expect(await run(['--url', 'http://x.example', '--token-file', join(d, 'token')], env)).toMatchObject({ baseUrl: 'http://x.example', token: 'from-file' });
    const e = await run([], { ...env, RELAYER_URL: 'http://env.example', RELAYER_API_KEY: 'env-key' });
    expect(e).toMatchObject({ baseUrl: 'http://env.example', token: 'env-key', sources: { url: 'RELAYER_URL', token: 'RELAYER_API_KEY' } });
    expect(e.context).toBeUndefined();
    expect(await run(['--read-only'], env)).toMatchObject({ readOnly: true, sources: { readOnly: '--read-only' } });
    expect((await run(['--per-page', '5'], env)).perPage).toBe(5);
  });

  it("a context's URL never takes an environment key meant for another server", async () => {
    const c = await run([], { ...env, RELAYER_API_KEY: 'other-servers-key' });
    expect(c.token).toBe('from-env');
  });

  it('RELAYER_URL and RELAYER_API_KEY alone work with no file at all', async () => {
    const c = await run([], { RELAYER_TUI_CONFIG_DIR: '/nonexistent-dir', RELAYER_URL: 'http://a.example', RELAYER_API_KEY: 'k' });
    expect(c).toMatchObject({ baseUrl: 'http://a.example', token: 'k' });
    expect(c.configFile.kind).toBe('none');
  });

  it('an unknown context is a clear error naming the ones there are', async () => {
    const a = await parseCli(['--context', 'nope'], { HOME: '/x', ...env });
    expect(a).toEqual({ kind: 'error', exit: 3, message: expect.stringMatching(/^No context named nope \(--context\) in .*config\.yaml: staging, prod-eu, prod-lab$/) });
  });

  it('a missing token source is an error; info never shows the token', async () => {
    const a = await parseCli([], { HOME: '/x', RELAYER_TUI_CONFIG_DIR: d });
    expect(a).toEqual({ kind: 'error', exit: 3, message: 'Context staging: the variable STAGING_KEY (token_env) is not set' });
    const info = await parseCli(['info', '--context', 'prod-eu'], { HOME: '/x', ...env });
    expect(info.kind).toBe('info');
    // info does not even run the token command; the key from token_env is never in its output either.
    expect(JSON.stringify(info)).not.toContain('tok-42');
    const staging = await parseCli(['info'], { HOME: '/x', ...env });
    expect(JSON.stringify(staging)).not.toContain('from-env');
    let printed = '';
    const out = { write: (s: string) => ((printed += s), true), isTTY: false } as unknown as NodeJS.WriteStream;
    await printInfo((staging as { config: AppConfig }).config, { ...env }, out, 'OSC 52');
    expect(printed).toMatch(/^token\s+set \(from token_env STAGING_KEY\)$/m);
    expect(printed).not.toContain('from-env');
  });
});

describe('config file errors name the file, the line and the key', () => {
  const cases: [string, string, RegExp][] = [
    ['an unknown key', 'current_context: a\ncontexts:\n  a:\n    url: http://x\n    tokn_env: X\n', /config\.yaml:5: contexts\.a\.tokn_env: is not a known key \(did you mean token_env\?\)$/],
    ['a wrong type', 'current_context: a\ncontexts:\n  a:\n    url: http://x\n    token_env: X\n    per_page: lots\n', /config\.yaml:6: contexts\.a\.per_page: /],
    ['a missing url', 'current_context: a\ncontexts:\n  a:\n    token_env: X\n', /config\.yaml:3: contexts\.a\.url: /],
    ['a URL without its scheme', 'current_context: a\ncontexts:\n  a:\n    url: 127.0.0.1:44505\n    token_env: X\n', /config\.yaml:4: contexts\.a\.url: not a URL: write the scheme, e\.g\. http:\/\/127\.0\.0\.1:44505$/],
    // Unclosed at the end of the file: said on its last line (2, here the one that opened it), not on the empty one after it (3).
    ['broken YAML', 'contexts:\n  a: [\n', /config\.yaml:2: /],
    ['broken YAML with CRLF and blank lines at the end', 'contexts:\r\n  a: [\r\n\r\n', /config\.yaml:2: /],
    ['a current_context that is not there', 'current_context: b\ncontexts:\n  a:\n    url: http://x\n    token_env: X\n', /config\.yaml:1: current_context: no context named b \(there are: a\)$/],
  ];
  for (const [what, text, re] of cases)
    it(`${what}: reported with file:line: key, and never the sandbox instead (exit 3)`, async () => {
      const d = dir({ 'config.yaml': text });
      const r = await loadConfigFile(join(d, 'config.yaml'));
      expect(r.kind === 'none').toBe(false);
      expect((r as { errors: string[] }).errors.join('\n')).toMatch(new RegExp(re.source, 'm'));
      // No fallback: the TUI, a subcommand and `contexts` all refuse with the error (exit 3).
      for (const argv of [[], ['relayers'], ['contexts']]) {
        const a = await parseCli(argv, { HOME: '/x', RELAYER_TUI_CONFIG_DIR: d, X: 'k' });
        if (argv[0] === 'contexts' && a.kind === 'contexts') continue; // lists the file; exits 3 (printContexts)
        expect(a).toMatchObject({ kind: 'error', exit: 3 });
        expect((a as { message: string }).message).toMatch(new RegExp(re.source.replace(/\$$/, ''), 'm'));
      }
    });

  it('a config file others can read is warned about only where it holds a token_command; one others can write, always (issue 28.9)', async () => {
    const ctx = (token: string) => `contexts:\n  a:\n    url: http://127.0.0.1:9\n    ${token}\n`;
    const warnings = async (text: string, mode: number) => {
      const d = dir({ 'config.yaml': text });
      chmodSync(join(d, 'config.yaml'), mode);
      const r = await loadConfigFile(join(d, 'config.yaml'));
      return r.kind === 'ok' ? r.warnings : [r.kind];
    };
    // What `sandbox --fleet 5 > fleet.yaml` writes (token_file) at the usual umask: no secret, no warning.
    expect(await warnings(ctx('token_file: /tmp/t'), 0o644)).toEqual([]);
    expect(await warnings(ctx('token_env: K'), 0o644)).toEqual([]);
    expect(await warnings(ctx('token_command: pass show relayer'), 0o644)).toEqual([expect.stringMatching(/is readable by other users and holds a token_command \(a command line may carry a secret\); chmod 600 it$/)]);
    expect(await warnings(ctx('token_command: pass show relayer'), 0o600)).toEqual([]);
    expect(await warnings(ctx('token_env: K'), 0o666)).toEqual([expect.stringMatching(/can be written by other users, and its token_command runs as you; chmod 600 it$/)]);
  });

  it('the JSON Schema shipped for editors is the one the loader checks with', async () => {
    const shipped = JSON.parse(readFileSync(join(__dirname, '..', '..', 'schema', 'config.schema.json'), 'utf8'));
    expect(shipped).toEqual(JSON.parse(JSON.stringify(configJsonSchema())));
  });
});
