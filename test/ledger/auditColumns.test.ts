/** The audit ledger's ACTION column (issue 43): what was done, never cut first, so a pause and a resume of one relayer never read alike. */
import { describe, expect, it } from 'vitest';
import type { AuditEntry } from '../../src/ledger/audit.js';
import { actionWords, AUDIT_COLUMNS } from '../../src/ledger/auditColumns.js';
import { layoutColumns } from '../../src/core/columns/layout.js';

const base = { id: 'x', time: '2026-11-28T00:00:00Z', context: 'c', server: 'http://s', method: 'PATCH', path: '/api/v1/relayers/r1' };
const entry = (over: Partial<AuditEntry>) => ({ ...base, ...over }) as AuditEntry;

describe('the audit ACTION column', () => {
  it("the operation and its target in words, and a policy edit's keys (its body's gist)", () => {
    expect(actionWords(entry({ body: '{"paused":true}', op: 'pause', target: { relayerId: 'r1' } }))).toBe('pause relayer r1');
    expect(actionWords(entry({ body: '{"paused":false}', op: 'resume', target: { relayerId: 'r1' } }))).toBe('resume relayer r1');
    expect(actionWords(entry({ body: '{"policies":{"gas_price_cap":66000000000,"min_balance":null}}', op: 'policy-edit', target: { relayerId: 'r1' } }))).toBe('change relayer r1 (gas_price_cap, min_balance)');
    // A send names the transaction it made (a walk could not tell two sends apart at 80 columns, where ANSWER ID is gone).
    const sent = actionWords(entry({ method: 'POST', path: '/api/v1/relayers/r1/transactions', body: '{}', op: 'send', target: { relayerId: 'r1' }, done: { id: 'x', time: base.time, phase: 'done', outcome: 'accepted', answer_id: '1b89699f-e832-4322-a4d9-1284f878c1cc' } }));
    expect(sent).toMatch(/ → tx 1b89699f$/);
  });

  it('kept at 80, 100 and 120 columns (26 cells at least: "resume relayer bsc-treasury" whole); at 80 the request gives way first', () => {
    for (const w of [80, 100, 120]) expect(layoutColumns(AUDIT_COLUMNS, w, 2).map((l) => l.col.key), String(w)).toContain('action');
    expect(layoutColumns(AUDIT_COLUMNS, 80, 2).map((l) => l.col.key)).not.toContain('request');
  });

  it('OUTCOME is as wide as the rows need, no wider: the room goes to ACTION (a walk: OUTCOME padded 17 spaces beside a cut ACTION at 80)', () => {
    const rows = [entry({ body: '{}', op: 'withdraw', target: { relayerId: 'holesky-test-relayer-long' }, done: { outcome: 'applied', status: 200 } } as Partial<AuditEntry>)];
    const l = layoutColumns(AUDIT_COLUMNS, 80, 2, rows);
    const w = (k: string) => l.find((x) => x.col.key === k)!.width;
    expect(w('outcome')).toBe('OUTCOME'.length);
    expect(w('action')).toBeGreaterThanOrEqual(actionWords(rows[0]!).length);
  });

  it('at 160 columns no column is cut while room is left blank (a walk: blank cells beside a cut CONTEXT and REQUEST)', () => {
    const done = (outcome: string, answer_id?: string) => ({ done: { id: 'x', time: base.time, phase: 'done', outcome, status: 200, ...(answer_id ? { answer_id } : {}) } });
    const rows = [
      entry({ body: '{"paused":true}', op: 'pause', context: 'staging-beta', server: 'http://127.0.0.1:45123', path: '/api/v1/relayers/arbitrum-payouts', target: { relayerId: 'arbitrum-payouts' }, ...done('applied') } as Partial<AuditEntry>),
      entry({ method: 'DELETE', body: '', op: 'cancel', context: 'c', server: 'http://127.0.0.1:45123', path: '/api/v1/relayers/holesky-test/transactions/1b89699f-e832-4322-a4d9-1284f878c1cc/and-a-longer-path-than-fits', target: { relayerId: 'r1', txId: 't' } } as Partial<AuditEntry>),
      entry({ method: 'PUT', body: '{}', op: 'replace', context: 'production-eu', server: 'http://127.0.0.1:45123', path: '/api/v1/relayers/holesky-test/transactions/1b89699f-e832-4322-a4d9-1284f878c1cc', target: { relayerId: 'holesky-test', txId: '1b89699f-e832-4322-a4d9-1284f878c1cc' }, ...done('applied', '1b89699f-e832-4322-a4d9-1284f878c1cc') } as Partial<AuditEntry>),
    ];
    // Checked with all of them, and with the short-action row alone (ACTION, CONTEXT and ANSWER ID then short of their minimums).
    for (const set of [rows, rows.slice(1, 2)]) checkNoBlankBesideCut(set);
  });

  function checkNoBlankBesideCut(rows: AuditEntry[]): void {
    const l = layoutColumns(AUDIT_COLUMNS, 160, 2, rows);
    const used = l.reduce((n, x) => n + x.width, 0) + l.length - 1;
    const want = (x: (typeof l)[number]) => Math.max(x.col.title.length, ...rows.map((r) => x.col.cell(r, 500).length));
    // Blank: the room left over, and the cells a column holds past its content.
    const blank = 158 - used + l.reduce((n, x) => n + Math.max(0, x.width - want(x)), 0);
    for (const x of l) if (x.width < want(x)) expect({ cut: x.col.key, blank }).toEqual({ cut: x.col.key, blank: 0 });
  }
});
