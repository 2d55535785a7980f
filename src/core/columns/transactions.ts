/** Transaction columns by network type, by priority (status and age stay at 60 columns). */
import type { Transaction } from '../../api/index.js';
import type { Column } from './layout.js';
import { fitAmount } from './layout.js';
import { age, ageTextChangesAt } from '../time.js';
import { formatGwei, formatGweiShort, formatWei, formatWeiShort } from '../amounts.js';
import { cellWidth, middleCells } from '../text/cells.js';
import { statusTone, type NetworkKind } from '../relayer.js';
import { displayText } from '../text/values.js';
import { statusCell } from '../status.js';

/** EVM fees: legacy gas price, or the EIP-1559 pair `max/prio`, in gwei. */
/** The price (`15.89…/3 gwei`), exact (`15.891234567/3 gwei`) where the cell has room for it. */
export function feeText(t: Transaction, exact = false): string {
  const g = exact ? formatGwei : formatGweiShort;
  if (t.gas_price != null) return g(t.gas_price);
  if (t.max_fee_per_gas != null || t.max_priority_fee_per_gas != null)
    return `${g(t.max_fee_per_gas).replace(/ gwei$/, '')}/${g(t.max_priority_fee_per_gas)}`;
  return '';
}

/** An amount exact where it fits the cell, else its short form fitted (`1 wei`, `≈3.40e20 ETH`, `0.973863… ETH`). */
function exactOrShort(exact: string, short: () => string, w: number): string {
  return cellWidth(exact) <= w ? exact : fitAmount(short(), w);
}

const statusCol: Column<Transaction> = {
  key: 'status',
  title: 'STATUS',
  width: 9,
  priority: 0,
  cell: (t) => statusCell(t),
  tone: (t) => statusTone(t.status, t.is_canceled),
};
const ageCol = (now: () => number): Column<Transaction> => ({
  key: 'age',
  title: 'AGE',
  width: 4,
  priority: 1,
  align: 'right',
  cell: (t) => age(t.created_at, now()),
  changesAt: (t, at) => ageTextChangesAt(t.created_at, at),
});

export function transactionColumns(kind: NetworkKind | 'unknown', network: string | null | undefined, now: () => number): Column<Transaction>[] {
  switch (kind) {
    case 'unknown':
      // A network the client does not know: what every transaction has, nothing read as EVM's.
      return [
        statusCol,
        { key: 'id', title: 'ID', width: 13, priority: 2, cell: (t, w) => middleCells(t.id, w) },
        { key: 'hash', title: 'HASH', width: 17, flex: true, priority: 3, cell: (t, w) => middleCells(displayText(t.hash ?? t.signature), w) },
        ageCol(now),
      ];
    case 'evm':
      return [
        statusCol,
        { key: 'nonce', title: 'NONCE', width: 7, priority: 2, align: 'right', cell: (t) => displayText(t.nonce) },
        { key: 'hash', title: 'HASH', width: 13, priority: 5, cell: (t, w) => middleCells(t.hash ?? '', w) },
        // Where the money goes, whole before the hash is (spare room goes to TO before HASH).
        { key: 'to', title: 'TO', width: 13, priority: 6, grow: 4.5, cell: (t, w) => middleCells(t.to ?? '', w) },
        // Exact where there is room (grown after TO, before HASH), its fraction cut to fit otherwise.
        { key: 'value', title: 'VALUE', width: 16, priority: 3, grow: 4.6, align: 'right', cell: (t, w) => exactOrShort(formatWei(t.value, network), () => formatWeiShort(t.value, network), w) },
        // The price is what a stuck transaction is about: it stays at 80 columns (to drops first).
        // `21/3 gwei` is max fee / tip: said in the title (and in help), never read as a fraction.
        { key: 'fee', title: 'FEE max/tip', width: 11, priority: 4, grow: 4.7, align: 'right', cell: (t, w) => exactOrShort(feeText(t, true), () => feeText(t), w) },
        { key: 'speed', title: 'SPEED', width: 7, priority: 7, cell: (t) => (typeof t.speed === 'string' ? t.speed : displayText(t.speed)) },
        ageCol(now),
      ];
    case 'solana':
      return [
        statusCol,
        // The id before the signature: it is what y copies and a replacement names.
        { key: 'signature', title: 'SIGNATURE', width: 20, flex: true, priority: 3, cell: (t, w) => middleCells(displayText(t.signature), w) },
        { key: 'id', title: 'ID', width: 13, priority: 2, cell: (t, w) => middleCells(t.id, w) },
        ageCol(now),
      ];
    case 'stellar':
      return [
        statusCol,
        { key: 'hash', title: 'HASH', width: 17, flex: true, priority: 3, cell: (t, w) => middleCells(t.hash ?? '', w) },
        { key: 'seq', title: 'SEQUENCE', width: 19, priority: 2, align: 'right', cell: (t) => displayText(t.sequence_number) },
        { key: 'fee', title: 'FEE', width: 9, priority: 4, align: 'right', cell: (t, w) => fitAmount(displayText(t.fee), w) },
        ageCol(now),
      ];
  }
}

export function transactionSearchText(t: Transaction): string {
  return [t.id, t.status, t.hash, t.to, t.from, displayText(t.nonce), displayText(t.value), displayText(t.signature), displayText(t.sequence_number), t.speed]
    .filter((x) => x !== null && x !== undefined && x !== '')
    .map(String)
    .join(' ');
}
