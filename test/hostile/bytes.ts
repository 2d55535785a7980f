/**
 * Reads what an app wrote to its terminal and lists everything in it that the app does not write
 * itself: any ESC that does not start a CSI sequence (OSC, DCS, APC, PM, SOS, lone ESC), C1 controls,
 * C0 controls other than LF (BEL, BS, bare CR…), DEL, bidi controls and zero-width characters.
 */
export interface Finding {
  at: number;
  what: string;
  context: string;
}

const CSI = /^\x1b\[[0-9;?<>=]*[\x20-\x2f]*[\x40-\x7e]/;
const INVISIBLE = /[\u202a-\u202e\u2066-\u2069\u200b-\u200f\u2028\u2029\ufeff\u061c]/;

export function unsafeBytes(raw: string): Finding[] {
  const out: Finding[] = [];
  const context = (i: number) => JSON.stringify(raw.slice(Math.max(0, i - 20), i + 20));
  for (let i = 0; i < raw.length; i++) {
    const ch = raw[i]!;
    const c = raw.charCodeAt(i);
    if (c === 0x1b) {
      const m = CSI.exec(raw.slice(i, i + 64));
      if (m) {
        i += m[0].length - 1;
        continue;
      }
      out.push({ at: i, what: `ESC ${JSON.stringify(raw[i + 1] ?? '')} (not a CSI sequence)`, context: context(i) });
      continue;
    }
    if (c === 10) continue;
    if (c === 13 && raw.charCodeAt(i + 1) === 10) continue;
    if (c < 0x20 || c === 0x7f) out.push({ at: i, what: `C0 control 0x${c.toString(16)}`, context: context(i) });
    else if (c >= 0x80 && c <= 0x9f) out.push({ at: i, what: `C1 control U+${c.toString(16).padStart(4, '0')}`, context: context(i) });
    else if (INVISIBLE.test(ch)) out.push({ at: i, what: `invisible U+${c.toString(16).padStart(4, '0')}`, context: context(i) });
  }
  return out;
}
