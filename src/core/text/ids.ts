/**
 * The one id shortener of the words the client makes (outcomes, the ledger, triage): the first `head`
 * characters, an ellipsis, and the last `tail` — only where that saves characters: an id is cut when
 * it is longer than head + tail + 2 (+ 2 more for a cut in the middle), so a cut always saves some.
 * (Table cells have their own rule: the column's width, src/core/columns/layout.ts.)
 */
export function shortId(id: string, head: number, tail = 0): string {
  const room = head + tail + (tail > 0 ? 4 : 2);
  return id.length > room ? `${id.slice(0, head)}…${tail > 0 ? id.slice(-tail) : ''}` : id;
}
