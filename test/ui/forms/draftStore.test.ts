/** The draft store on a real temporary directory: what is written, where, with which mode, and when. */
import { mkdtempSync, readdirSync, readFileSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { DRAFT_DEBOUNCE_MS, DraftStore, draftDifferences } from '../../../src/ui/forms/draftStore.js';
import { NOTIFY_FIELDS, NOTIFY_INITIAL } from '../../../src/core/operations/notify.js';
import type { FieldSpec } from '../../../src/core/operations/types.js';
import { manualClock } from '../clock.js';

const dir = () => join(mkdtempSync(join(tmpdir(), 'relayer-tui-draftstore-')), 'drafts');
const where = { context: 'staging', server: 'https://relayer.example' };
const FIELDS: FieldSpec[] = [
  { name: 'value', label: 'value', kind: 'text', hint: '' },
  { name: 'speed', label: 'speed', kind: 'choice', hint: '', options: ['fast', 'average'] },
];
const TX = { form: 'replace' as const, relayer: 'sepolia-main', target: 'tx-1' };

describe('DraftStore', () => {
  it('writes after the debounce, or at once on flush: mode 600 in a 700 directory, no temp file left', async () => {
    const d = dir();
    const clock = manualClock();
    const store = new DraftStore(d, where, clock.now, clock.after);
    store.save(TX, FIELDS, { value: '5', speed: 'fast' }, { value: '1', speed: 'average' });
    expect(readdirSync(join(d, '..'))).toEqual([]);
    // The pending one is what load sees meanwhile.
    expect(store.load(TX)?.values).toEqual({ value: '5', speed: 'fast' });
    // Not before the debounce; written once it has passed.
    await clock.advance(DRAFT_DEBOUNCE_MS - 1);
    expect(readdirSync(join(d, '..'))).toEqual([]);
    await clock.advance(1);
    const files = readdirSync(d);
    expect(files).toHaveLength(1);
    expect(statSync(join(d, files[0]!)).mode & 0o777).toBe(0o600);
    expect(statSync(d).mode & 0o777).toBe(0o700);
    store.save(TX, FIELDS, { value: '55', speed: 'fast' }, { value: '1', speed: 'average' });
    store.flush();
    expect(JSON.parse(readFileSync(join(d, files[0]!), 'utf8'))).toMatchObject({ v: 1, ...where, form: 'replace', relayer: 'sepolia-main', target: 'tx-1', values: { value: '55' }, basis: { value: '1' } });
    expect(readdirSync(d).filter((f) => f.endsWith('.tmp'))).toEqual([]);
  });

  it('never writes a secret field: only that one was typed', () => {
    const d = dir();
    const store = new DraftStore(d, where);
    const key = 'k3y-' + 'x'.repeat(40);
    store.save({ form: 'notify' }, NOTIFY_FIELDS, { ...NOTIFY_INITIAL, url: 'https://hook.example', signing_key: key }, NOTIFY_INITIAL);
    store.flush();
    const text = readFileSync(join(d, readdirSync(d)[0]!), 'utf8');
    expect(text).not.toContain(key);
    expect(JSON.parse(text)).toMatchObject({ values: { url: 'https://hook.example', id: '' }, omitted: ['signing_key'] });
    expect(JSON.parse(text).values).not.toHaveProperty('signing_key');
  });

  it('a removal wins over a write still pending; drafts are per context, server and target', () => {
    const d = dir();
    const store = new DraftStore(d, where);
    store.save(TX, FIELDS, { value: '5' }, {});
    store.save({ ...TX, target: 'tx-2' }, FIELDS, { value: '6' }, {});
    store.remove(TX);
    store.flush();
    expect(store.load(TX)).toBeUndefined();
    expect(store.load({ ...TX, target: 'tx-2' })?.values.value).toBe('6');
    const other = new DraftStore(d, { ...where, server: 'https://other.example' });
    expect(other.load({ ...TX, target: 'tx-2' })).toBeUndefined();
    const ctx = new DraftStore(d, { ...where, context: 'prod' });
    expect(ctx.load({ ...TX, target: 'tx-2' })).toBeUndefined();
  });

  it("a file that is not this key's draft (or not a draft) is not offered; drafts older than 30 days are removed", () => {
    const d = dir();
    const store = new DraftStore(d, where);
    store.save(TX, FIELDS, { value: '5' }, {});
    store.flush();
    const file = store.fileOf(TX);
    writeFileSync(file, JSON.stringify({ ...JSON.parse(readFileSync(file, 'utf8')), target: 'tx-9' }));
    expect(new DraftStore(d, where).load(TX)).toBeUndefined();
    writeFileSync(file, '{"v":1');
    expect(new DraftStore(d, where).load(TX)).toBeUndefined();
    store.save(TX, FIELDS, { value: '7' }, {});
    store.flush();
    const old = (Date.now() - 31 * 24 * 3600 * 1000) / 1000;
    utimesSync(file, old, old);
    expect(new DraftStore(d, where).load(TX)).toBeUndefined();
    expect(readdirSync(d)).toEqual([]);
  });

  it('a write that fails is said once (takeWarning), never thrown', () => {
    const base = mkdtempSync(join(tmpdir(), 'relayer-tui-draftstore-'));
    writeFileSync(join(base, 'file'), '');
    const store = new DraftStore(join(base, 'file', 'drafts'), where);
    store.save(TX, FIELDS, { value: '5' }, {});
    expect(() => store.flush()).not.toThrow();
    expect(store.takeWarning()).toMatch(/^The draft could not be kept in .*\(ENOTDIR\)$/);
    expect(store.takeWarning()).toBeNull();
  });

  it('differences: each field the draft would change, against the form as it opens now and as it was then', () => {
    const draft = { v: 1 as const, ...where, form: 'replace' as const, savedAt: new Date().toISOString(), values: { value: '5', speed: 'fast' }, basis: { value: '1', speed: 'fast' }, omitted: [] };
    expect(draftDifferences(FIELDS, draft, { value: '2', speed: 'fast' })).toEqual([{ label: 'value', typed: '5', now: '2', then: '1' }]);
    expect(draftDifferences(FIELDS, draft, { value: '5', speed: 'fast' })).toEqual([]);
  });
});
