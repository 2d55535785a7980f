/**
 * E2E: a dropped line loses nothing typed (issue 31, part 1). The built CLI in a real pty against a
 * sandbox over loopback that outlives it (as a server outlives an SSH session); the drop is a real
 * SIGHUP. What was typed is on disk under $XDG_STATE_HOME/relayer-tui/drafts (mode 600) — the last
 * keys too, written on the hang-up rather than at the debounce —, offered back when the same form is
 * opened again (y restores, n discards), stale when the transaction is now final, removed once sent;
 * a signing key typed into the notification form is in no file under the config, state and cache dirs.
 */
import { mkdtempSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startSandbox, type Sandbox } from '../../src/sandbox/index.js';
import { KEY, TX_HEADER, assertBuilt, disposeAll, releaseCli, runCommand, selectedRow, startCli, tableRows, type Tui } from './pty.js';

beforeAll(assertBuilt);
afterEach(async () => {
  await disposeAll();
  await sandbox?.close();
  sandbox = undefined;
});
afterAll(releaseCli);

let sandbox: Sandbox | undefined;

/** A home of its own (config, state, cache) and the sandbox as the server (RELAYER_URL + key from the environment). */
function home(): { dir: string; env: Record<string, string>; drafts: string } {
  const dir = mkdtempSync(join(tmpdir(), 'relayer-tui-drafts-'));
  return {
    dir,
    drafts: join(dir, 'state', 'relayer-tui', 'drafts'),
    env: {
      XDG_CONFIG_HOME: join(dir, 'config'),
      XDG_STATE_HOME: join(dir, 'state'),
      XDG_CACHE_HOME: join(dir, 'cache'),
      RELAYER_URL: sandbox!.url,
      RELAYER_API_KEY: sandbox!.token,
    },
  };
}

function draftFiles(dir: string): string[] {
  try {
    return readdirSync(dir).map((n) => join(dir, n));
  } catch {
    return [];
  }
}

function readDraft(dir: string): { values: Record<string, string>; omitted: string[]; savedAt: string } | undefined {
  const files = draftFiles(dir).filter((f) => f.endsWith('.json'));
  if (files.length !== 1) return undefined;
  try {
    return JSON.parse(readFileSync(files[0]!, 'utf8'));
  } catch {
    return undefined;
  }
}

/** Every file under `dir`, recursively. */
function allFiles(dir: string): string[] {
  let out: string[] = [];
  let names: string[];
  try {
    names = readdirSync(dir);
  } catch {
    return out;
  }
  for (const n of names) {
    const p = join(dir, n);
    out = statSync(p).isDirectory() ? [...out, ...allFiles(p)] : [...out, p];
  }
  return out;
}

function nonceOf(row: string | undefined): string | undefined {
  return row?.match(/^[› ][ *]\S+\s+(\d+)\s/)?.[1];
}

async function openSepoliaMain(tui: Tui): Promise<string[]> {
  await runCommand(tui, 'tx sepolia-main');
  return tui.waitForScreen((r) => r[0]!.includes('Sepolia Main › transactions') && tableRows(r, TX_HEADER).length > 0, 5000, 'sepolia-main transactions');
}

/** Selects the first pending row. */
async function selectPending(tui: Tui, rows: string[]): Promise<void> {
  const table = tableRows(rows, TX_HEADER);
  const at = table.findIndex((r) => /^[› ] pending\s/.test(r));
  expect(at, `a pending row in:\n${table.join('\n')}`).toBeGreaterThanOrEqual(0);
  const want = nonceOf(table[at])!;
  for (let k = 0; k < at; k++) tui.press('j');
  await tui.waitForScreen((r) => nonceOf(selectedRow(r)) === want, 3000, `nonce ${want} selected`);
}

/** The next session: the same transaction (`:find` its id), its replacement form (`e`). */
async function reopenReplace(tui: Tui, txId: string): Promise<void> {
  await openSepoliaMain(tui);
  await runCommand(tui, `find ${txId}`);
  await tui.waitForText(`${txId}: found`);
  await tui.quiet(150);
  tui.press('e');
  await tui.waitForText(`tx ${txId}`);
}

async function drop(tui: Tui): Promise<void> {
  tui.kill('SIGHUP');
  const exit = await tui.waitForExit(5000);
  expect(exit.exitCode === 129 || exit.signal === 1, JSON.stringify(exit)).toBe(true);
}

describe('drafts survive a dropped line (e2e, built CLI in a pty, real SIGHUP, sandbox over loopback)', () => {
  it('a replacement typed digit by digit is on disk (the last keys written on the hang-up), offered back, restored with y, removed once sent', async () => {
    sandbox = await startSandbox();
    const h = home();
    let tui = await startCli({ env: h.env });
    let rows = await openSepoliaMain(tui);
    await selectPending(tui, rows);
    tui.press('e');
    rows = await tui.waitForText(/replace EVM (?:transaction|tx) \S+/);
    const txId = rows[0]!.match(/replace EVM (?:transaction|tx) (\S+)/)![1]!;
    const before = rows.find((r) => r.startsWith('› value'))!.match(/^› value\s+(\d+)/)![1]!;
    tui.press(KEY.ctrlU);
    tui.press('77');
    await tui.waitForText(/^› value\s+77\s*$/m);
    // Written as it is typed: the debounced write comes without any exit.
    await expect.poll(() => readDraft(h.drafts)?.values.value, { timeout: 3000 }).toBe('77');
    // The last digits, and the line drops at once: they are written on the hang-up, not lost with the debounce.
    tui.press('0011');
    await tui.waitForText(/^› value\s+770011\s*$/m);
    await drop(tui);

    const draft = readDraft(h.drafts);
    expect(draft?.values.value).toBe('770011');
    const files = draftFiles(h.drafts);
    expect(files.filter((f) => f.endsWith('.tmp')), 'no temp file left').toEqual([]);
    expect(statSync(files[0]!).mode & 0o777).toBe(0o600);
    expect(statSync(h.drafts).mode & 0o777).toBe(0o700);

    // The next session, the same form: offered (never applied unasked), with what differs from the transaction now.
    tui = await startCli({ env: h.env });
    await reopenReplace(tui, txId);
    rows = await tui.waitForText(/restore the draft from \d\d:\d\d\? y\/n/);
    const text = rows.join('\n');
    expect(text).toMatch(new RegExp(`^\\s+value\\s+770011\\s+\\(now ${before}\\)`, 'm'));
    expect(text).toContain('What differs from the transaction as it is now:');
    tui.press('y');
    rows = await tui.waitForText(/^› value\s+770011\s*$/m);
    expect(rows.join('\n')).toMatch(/Restored the draft from \d\d:\d\d/);

    tui.press(KEY.ctrlS);
    await tui.waitForText('Review');
    await tui.sendReview();
    await tui.waitForText('✓ Done');
    expect(sandbox.getTransaction('sepolia-main', txId)).toMatchObject({ value: '770011' });
    // Sent: the draft is gone (at once, not at the debounce, and not only at exit).
    await expect.poll(() => draftFiles(h.drafts).length, { timeout: 3000 }).toBe(0);
  });

  it('a draft for a transaction that is now final is said to be stale and never applied; n discards it', async () => {
    // The real server's flavour: it can cancel a transaction (a pending EVM one becomes canceled, final).
    sandbox = await startSandbox({ flavor: 'real' });
    const h = home();
    let tui = await startCli({ env: h.env });
    let rows = await openSepoliaMain(tui);
    await selectPending(tui, rows);
    tui.press('e');
    rows = await tui.waitForText(/replace EVM (?:transaction|tx) \S+/);
    const txId = rows[0]!.match(/replace EVM (?:transaction|tx) (\S+)/)![1]!;
    const before = rows.find((r) => r.startsWith('› value'))!.match(/^› value\s+(\d+)/)![1]!;
    tui.press(KEY.ctrlU);
    tui.press('4242');
    await tui.waitForText(/^› value\s+4242\s*$/m);
    await drop(tui);
    expect(readDraft(h.drafts)?.values.value).toBe('4242');

    // Meanwhile the transaction became final (canceled by someone else).
    const res = await fetch(`${sandbox.url}/api/v1/relayers/sepolia-main/transactions/${txId}`, { method: 'DELETE', headers: { authorization: `Bearer ${sandbox.token}` } });
    expect(res.status).toBe(200);
    expect(sandbox.getTransaction('sepolia-main', txId)).toMatchObject({ status: 'canceled' });

    tui = await startCli({ env: h.env });
    await reopenReplace(tui, txId);
    rows = await tui.waitForText(/The draft from \d\d:\d\d is stale/);
    expect(rows.join('\n')).toMatch(/stale: the transaction is now canceled \(final\)\. It is not applied\./);
    expect(rows.join('\n')).toMatch(/^\s+value\s+4242\s+\(now/m);
    // y does not apply it.
    tui.press('y');
    rows = await tui.waitForText('A stale draft is not applied');
    expect(rows.join('\n')).not.toMatch(/^› value\s+4242/m);
    tui.press('n');
    rows = await tui.waitForText(new RegExp(`^› value\\s+${before}\\s*$`, 'm'));
    expect(rows.join('\n')).toMatch(/The draft from \d\d:\d\d was discarded/);
    await expect.poll(() => draftFiles(h.drafts).length, { timeout: 3000 }).toBe(0);
  });

  it('a notification form: the signing key typed before the drop is in no file under the config, state and cache dirs; the restore says it was not kept', async () => {
    sandbox = await startSandbox();
    const h = home();
    const secret = `Sk${randomBytes(16).toString('hex')}Zq`;
    let tui = await startCli({ env: h.env });
    await runCommand(tui, 'notify');
    await tui.waitForText('create notification');
    tui.press('https://ops.example/drop-hook');
    await tui.waitForText(/url\s+https:\/\/ops\.example\/drop-hook/);
    tui.press(KEY.tab);
    tui.press(KEY.tab);
    await tui.waitForText(/^› signing_key/m);
    tui.press(secret);
    await tui.waitForText(/^› signing_key\s+•{36}\s*$/m);
    await drop(tui);

    const files = [...allFiles(join(h.dir, 'config')), ...allFiles(join(h.dir, 'state')), ...allFiles(join(h.dir, 'cache'))];
    // Positive control: the draft is there, with what was typed into the other field.
    expect(files.some((f) => readFileSync(f, 'utf8').includes('https://ops.example/drop-hook'))).toBe(true);
    for (const f of files) {
      const bytes = readFileSync(f, 'latin1');
      expect(bytes, f).not.toContain(secret);
      for (let i = 0; i + 8 <= secret.length; i++) expect(bytes, `${f}, piece ${i}`).not.toContain(secret.slice(i, i + 8));
    }
    expect(readDraft(h.drafts)?.omitted).toEqual(['signing_key']);

    tui = await startCli({ env: h.env });
    await runCommand(tui, 'notify');
    let rows = await tui.waitForText(/restore the draft from \d\d:\d\d\? y\/n/);
    expect(rows.join('\n')).toMatch(/^\s+url\s+https:\/\/ops\.example\/drop-hook\s+\(now empty\)/m);
    expect(rows.join('\n')).toMatch(/signing_key is not in the draft: a secret is never written to disk/);
    tui.press('y');
    rows = await tui.waitForText(/^› url\s+https:\/\/ops\.example\/drop-hook/m);
    await tui.waitForText(/signing_key not kept: type it again/);
    expect(rows.join('\n')).toMatch(/^  signing_key\s*$/m);
  });

  it('plugin params typed before the drop are offered back; n discards the draft from disk', async () => {
    sandbox = await startSandbox();
    const h = home();
    let tui = await startCli({ env: h.env });
    await runCommand(tui, 'plugin echo');
    await tui.waitForText('plugin echo');
    await tui.waitForText(/› params/);
    tui.press('{"amount": 31}');
    await tui.waitForText('{"amount": 31}');
    await drop(tui);
    expect(readDraft(h.drafts)?.values.params).toBe('{"amount": 31}');

    tui = await startCli({ env: h.env });
    await runCommand(tui, 'plugin echo');
    let rows = await tui.waitForText(/restore the draft from \d\d:\d\d\? y\/n/);
    expect(rows.join('\n')).toMatch(/params\s+\{"amount": 31\}/);
    tui.press('n');
    rows = await tui.waitForText(/was discarded/);
    expect(rows.join('\n')).not.toContain('{"amount": 31}');
    // The form as it opens without a draft: the params editor focused.
    expect(rows.some((r) => r.startsWith('› params'))).toBe(true);
    await expect.poll(() => draftFiles(h.drafts).length, { timeout: 3000 }).toBe(0);
  });
});
