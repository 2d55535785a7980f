/**
 * The real server's spec, corrected to its source (../shared/spec/real-server/openapi.patched.json;
 * the schemas used here are copied to test/fixtures/real-server/schemas.json), as data: what the client sends in the OpenZeppelin dialect fits its request schemas, and what the
 * sandbox's real flavour answers fits its response schemas. A small JSON Schema reader (type, enum,
 * pattern, required, properties, items, oneOf/anyOf, $ref, minimum) is enough for these.
 */
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { parseJson, prepareReplaceTransaction } from '../../src/api/index.js';
import { useSandbox } from './helpers.js';
import { call, api } from '../sandbox/http.js';

const SPEC_PATH = join(dirname(fileURLToPath(import.meta.url)), '..', 'fixtures', 'real-server', 'schemas.json');
const spec = { components: JSON.parse(readFileSync(SPEC_PATH, 'utf8')) as { schemas: Record<string, Schema> } };

type Schema = {
  $ref?: string;
  type?: string | string[];
  enum?: unknown[];
  pattern?: string;
  required?: string[];
  properties?: Record<string, Schema>;
  items?: Schema;
  oneOf?: Schema[];
  anyOf?: Schema[];
  minimum?: number;
};

function typeOf(v: unknown): string {
  if (v === null) return 'null';
  if (Array.isArray(v)) return 'array';
  if (typeof v === 'bigint') return 'integer';
  if (typeof v === 'number') return Number.isInteger(v) ? 'integer' : 'number';
  return typeof v;
}

/** Problems of `v` against `s` (empty when it fits). */
function check(v: unknown, s: Schema, path = '$'): string[] {
  if (s.$ref) return check(v, spec.components.schemas[s.$ref.split('/').pop()!]!, path);
  if (s.oneOf || s.anyOf) {
    const options = (s.oneOf ?? s.anyOf)!;
    const fits = options.filter((o) => check(v, o, path).length === 0).length;
    return (s.oneOf ? fits === 1 : fits >= 1) ? [] : [`${path}: fits ${fits} of ${options.length} alternatives`];
  }
  const out: string[] = [];
  if (s.type) {
    const types = Array.isArray(s.type) ? s.type : [s.type];
    const t = typeOf(v);
    if (!types.includes(t) && !(t === 'integer' && types.includes('number'))) return [`${path}: ${t}, expected ${types.join('|')}`];
  }
  if (s.enum && !s.enum.includes(v)) out.push(`${path}: ${JSON.stringify(v)} not in ${JSON.stringify(s.enum)}`);
  if (s.pattern && typeof v === 'string' && !new RegExp(s.pattern).test(v)) out.push(`${path}: ${JSON.stringify(v)} does not match ${s.pattern}`);
  if (s.minimum !== undefined && typeof v === 'number' && v < s.minimum) out.push(`${path}: below ${s.minimum}`);
  if (typeof v === 'object' && v !== null && !Array.isArray(v)) {
    for (const k of s.required ?? []) if (!(k in v)) out.push(`${path}.${k}: missing`);
    for (const [k, p] of Object.entries(s.properties ?? {})) if (k in v) out.push(...check((v as Record<string, unknown>)[k], p, `${path}.${k}`));
  }
  if (Array.isArray(v) && s.items) v.forEach((x, i) => out.push(...check(x, s.items!, `${path}[${i}]`)));
  return out;
}

const schema = (name: string): Schema => {
  const s = spec.components.schemas[name];
  if (!s) throw new Error(`no schema ${name} in ${SPEC_PATH}`);
  return s;
};

describe("the OpenZeppelin dialect's request bodies fit the real server's spec", () => {
  const HEX = 'c0ffee'.padEnd(64, '0');
  const memos = [{ type: 'none' }, { type: 'text', value: 'hello' }, { type: 'id', value: '18446744' }, { type: 'hash', value: HEX }, { type: 'return', value: `0x${HEX}` }] as const;
  for (const memo of memos)
    it(`memo ${memo.type}`, () => {
      const body = parseJson(prepareReplaceTransaction('r', 't', { network: 'testnet', transaction_xdr: 'AAAA', memo }, 'openzeppelin').body!) as { memo: unknown };
      expect(check(body.memo, schema('MemoSpec'))).toEqual([]);
    });
  it("the interface document's memo shapes do not (why the dialect matters)", () => {
    const body = parseJson(prepareReplaceTransaction('r', 't', { network: 'testnet', transaction_xdr: 'AAAA', memo: { type: 'hash', value: HEX } }, 'contract').body!) as { memo: unknown };
    expect(check(body.memo, schema('MemoSpec'))).not.toEqual([]);
  });
});

describe("the sandbox's real flavour answers fit the real server's spec", () => {
  const ctx = useSandbox({ flavor: 'real' });
  it.each(['sepolia-main', 'stellar-testnet', 'solana-devnet', 'polygon-ops'])('GET /relayers/%s/status', async (id) => {
    const r = await call(ctx.sandbox, 'GET', api(`/relayers/${id}/status`));
    expect(r.status).toBe(200);
    expect(check(r.json.data, schema('RelayerStatus'))).toEqual([]);
  });
  it("relayers' disabled_reason: the fixed texts, Multiple as a list", async () => {
    const r = await call(ctx.sandbox, 'GET', api('/relayers?per_page=100'));
    const reasons = (r.json.data as { disabled_reason?: unknown }[]).filter((x) => x.disabled_reason).map((x) => x.disabled_reason);
    expect(reasons.length).toBeGreaterThan(0);
    for (const d of reasons) expect(check(d, schema('DisabledReason'))).toEqual([]);
    expect(reasons).toContainEqual({ type: 'BalanceCheckFailed', details: 'Insufficient balance' });
  });
});
