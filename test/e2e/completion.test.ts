/**
 * Issue 19.3: shell completion through bash's own completion machinery: the script from
 * `relayer-tui completion bash` sourced, COMP_WORDS/COMP_CWORD set as bash sets them, the function
 * it registered run, COMPREPLY read. The built CLI answers (`__complete`), against a real sandbox
 * for relayer ids and a server that never answers for the timeout.
 */
import { execFile } from 'node:child_process';
import { chmodSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSandbox, type Sandbox } from '../../src/sandbox/index.js';
import { startHostile, type Hostile } from '../hostile/server.js';
import { assertBuilt, cliPath, releaseCli } from './pty.js';

let sandbox: Sandbox;
let hanging: Hostile;
const dir = mkdtempSync(join(tmpdir(), 'relayer-tui-compl-'));

beforeAll(async () => {
  assertBuilt();
  sandbox = await startSandbox();
  hanging = await startHostile(['hang']);
  // `relayer-tui` on PATH, as an installed bin would be.
  writeFileSync(join(dir, 'relayer-tui'), `#!/bin/sh\nexec ${JSON.stringify(process.execPath)} ${JSON.stringify(cliPath())} "$@"\n`);
  chmodSync(join(dir, 'relayer-tui'), 0o755);
  writeFileSync(
    join(dir, 'config.yaml'),
    `current_context: staging\ncontexts:\n  staging:\n    url: ${sandbox.url}\n    token_env: STAGING_KEY\n  stuck-server:\n    url: ${hanging.url}\n    token_env: STAGING_KEY\n  prod-eu:\n    url: https://relayer.eu.example.com\n    token_command: echo never-run\n`,
  );
  chmodSync(join(dir, 'config.yaml'), 0o600);
});
afterAll(async () => {
  await sandbox.close();
  await hanging.close();
  await releaseCli();
});

/** Completes `line` (the words after the cursor's word are not given) as bash would: COMPREPLY, one a line. */
function bashComplete(words: string[]): Promise<{ candidates: string[]; ms: number; err: string }> {
  const script = `source <(relayer-tui completion bash)
COMP_WORDS=(relayer-tui ${words.map((w) => `'${w}'`).join(' ')})
COMP_CWORD=${words.length}
_relayer_tui
printf '%s\\n' "\${COMPREPLY[@]}"`;
  const started = Date.now();
  return new Promise((resolve) => {
    execFile(
      'bash',
      ['-c', script],
      { env: { PATH: `${dir}:${process.env.PATH}`, HOME: dir, RELAYER_TUI_CONFIG_DIR: dir, STAGING_KEY: sandbox.token }, timeout: 20_000 },
      (_e, out, err) => resolve({ candidates: out.split('\n').filter(Boolean), ms: Date.now() - started, err }),
    );
  });
}

describe('bash completion', () => {
  it('registers itself for relayer-tui', async () => {
    const r = await new Promise<string>((resolve) =>
      execFile('bash', ['-c', 'source <(relayer-tui completion bash); complete -p relayer-tui'], { env: { PATH: `${dir}:${process.env.PATH}` } }, (_e, out) => resolve(out)),
    );
    expect(r).toMatch(/^complete -o default .*-F _relayer_tui relayer-tui$/m);
  });

  it('subcommands, flags, and the closed sets of --dialect, --output, --status', async () => {
    expect((await bashComplete(['re'])).candidates).toEqual(['relayers', 'replace', 'resume', 'ready']);
    expect((await bashComplete(['cancel', 'x', '--all'])).candidates).toEqual(['--all-pending']);
    expect((await bashComplete(['plugin', 'x', '--ro'])).candidates).toEqual(['--route']);
    expect((await bashComplete(['sandbox', '--ready', 'd'])).candidates).toEqual(['degraded']);
    expect((await bashComplete(['txs', 'x', '--st'])).candidates).toEqual(['--status']);
    expect((await bashComplete(['--dialect', ''])).candidates).toEqual(['contract', 'openzeppelin', 'auto']);
    expect((await bashComplete(['relayers', '--output', 'n'])).candidates).toEqual(['ndjson']);
    expect((await bashComplete(['txs', 'x', '--status', 's'])).candidates).toEqual(['sent', 'submitted']);
    expect((await bashComplete(['completion', ''])).candidates).toEqual(['bash', 'zsh', 'fish']);
  });

  it('audit (issue 31.3): the subcommand, its own flags, and the sandbox\'s --answer-delay', async () => {
    expect((await bashComplete(['au'])).candidates).toEqual(['audit']);
    const flags = (await bashComplete(['audit', '--'])).candidates;
    for (const f of ['--unknown', '--settle', '--limit', '--json', '--output', '--context', '--help']) expect(flags).toContain(f);
    expect((await bashComplete(['audit', '--se'])).candidates).toEqual(['--server', '--settle']);
    expect((await bashComplete(['audit', '--output', 'n'])).candidates).toEqual(['ndjson']);
    expect((await bashComplete(['sandbox', '--ans'])).candidates).toEqual(['--answer-delay']);
  });

  it('every candidate is a word the grammar takes: each subcommand offered, and each of its flags, parse', async () => {
    // The walk asks the completion in process (the shell's path is the tests above): every subcommand, every flag.
    const { complete } = await import('../../src/completion/index.js');
    const { parseArgv } = await import('../../src/cli/grammar.js');
    const { parseSandboxArgs } = await import('../../src/sandbox/index.js');
    const { SANDBOX_OPTIONS } = await import('../../src/sandbox/options.js');
    const env = { HOME: dir, RELAYER_TUI_CONFIG_DIR: dir };
    const subs = await complete([''], env);
    expect(subs).toContain('audit');
    for (const sub of subs) {
      const flags = await complete([sub, '--'], env);
      expect(flags.length, sub).toBeGreaterThan(0);
      for (const flag of flags) {
        if (sub === 'completion') continue;
        if (sub === 'sandbox') {
          // A closed set's value is one completion offers for it.
          // A boolean flag takes no value (--jams-first orders --relayers' relayers: given with it).
          const boolean = (SANDBOX_OPTIONS as Record<string, { type: string }>)[flag.slice(2)]?.type === 'boolean';
          const value = boolean ? (flag === '--jams-first' ? ['--relayers', '7'] : []) : [(await complete([sub, flag, ''], env))[0] ?? '1'];
          expect(parseSandboxArgs([flag, ...value]), `${sub} ${flag} ${value.join('')}`).not.toBeInstanceOf(Error);
          continue;
        }
        // A flag that takes a value is given one; the words parse (strict: an unknown flag is an error).
        const withValue = await parseArgv([sub, flag, 'x']);
        const bare = await parseArgv([sub, flag]);
        expect(withValue.kind !== 'error' || bare.kind !== 'error', `${sub} ${flag}: ${withValue.kind === 'error' ? withValue.message : ''}`).toBe(true);
      }
    }
  });

  it('a context name from the config file', async () => {
    expect((await bashComplete(['--context', 'st'])).candidates).toEqual(['staging', 'stuck-server']);
    expect((await bashComplete(['txs', '--context', 'p'])).candidates).toEqual(['prod-eu']);
    // fleet NAME…: the contexts (and fleets), each once.
    expect((await bashComplete(['fleet', 's'])).candidates).toEqual(['staging', 'stuck-server']);
    expect((await bashComplete(['fleet', 'staging', 's'])).candidates).toEqual(['stuck-server']);
  });

  it("a relayer id of the current context, asked from its server; of another context with --context", async () => {
    expect((await bashComplete(['txs', 'se'])).candidates).toEqual(['sepolia-main']);
    expect((await bashComplete(['replace', 'st'])).candidates).toEqual(['stellar-mainnet', 'stellar-testnet']);
    // Every operation whose target names a relayer (the registry's), policies among them; plugin's is a plugin.
    for (const sub of ['cancel', 'pause', 'resume', 'policies']) expect((await bashComplete([sub, 'se'])).candidates, sub).toEqual(['sepolia-main']);
    expect((await bashComplete(['plugin', 'se'])).candidates).toEqual([]);
    // The second positional of replace is a transaction: no relayer ids there.
    expect((await bashComplete(['replace', 'sepolia-main', 's'])).candidates).toEqual([]);
  });

  it('a server that never answers: nothing, within the short timeout, and no error', async () => {
    const r = await bashComplete(['--context', 'stuck-server', 'txs', '']);
    expect(r.candidates).toEqual([]);
    expect(r.err).toBe('');
    expect(r.ms).toBeLessThan(5_000);
    expect(hanging.requests.some((q) => q.url.startsWith('/api/v1/relayers'))).toBe(true);
  });

  it('a context whose key comes from a token_command is not asked (the command may prompt)', async () => {
    const r = await bashComplete(['--context', 'prod-eu', 'txs', '']);
    expect(r.candidates).toEqual([]);
  });
});

describe('zsh and fish scripts', () => {
  it('ask the same __complete for the words up to the cursor', async () => {
    for (const shell of ['zsh', 'fish'])
      await new Promise<void>((resolve) =>
        execFile(process.execPath, [cliPath(), 'completion', shell], (_e, out) => {
          expect(out).toContain('relayer-tui __complete');
          expect(out).toMatch(shell === 'zsh' ? /compdef _relayer_tui relayer-tui/ : /complete -c relayer-tui -f -a/);
          resolve();
        }),
      );
  });
});
