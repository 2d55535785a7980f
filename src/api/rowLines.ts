/**
 * A page's rows as one-line JSON texts, as the server wrote them (Page.lines): row k is the body's
 * bytes from `starts[k]` to `ends[k]`, or `texts[k]` where the row had to be put on one line (or was
 * read the exact way). No object per row: cutting a page (`--limit`) or filtering it keeps the body.
 */
const NL = Buffer.from('\n');

export class RowLines {
  private constructor(
    private readonly body: Buffer,
    private readonly starts: readonly number[],
    private readonly ends: readonly number[],
    private readonly texts: readonly (Buffer | undefined)[] | undefined,
  ) {}

  /** Rows in `body` at [starts[k], ends[k]), but where `texts[k]` is given. */
  static inBody(body: Buffer, starts: number[], ends: number[], texts?: (Buffer | undefined)[]): RowLines {
    return new RowLines(body, starts, ends, texts);
  }

  /** Rows given as texts. */
  static of(texts: Buffer[]): RowLines {
    const none = texts.map(() => 0);
    return new RowLines(Buffer.alloc(0), none, none, texts);
  }

  get length(): number {
    return this.starts.length;
  }

  line(k: number): Buffer {
    return this.texts?.[k] ?? this.body.subarray(this.starts[k], this.ends[k]);
  }

  /** The first `n` rows. */
  slice(n: number): RowLines {
    if (n >= this.length) return this;
    return new RowLines(this.body, this.starts.slice(0, n), this.ends.slice(0, n), this.texts?.slice(0, n));
  }

  /** The rows whose `keep` is true. */
  filter(keep: readonly boolean[]): RowLines {
    const at = keep.flatMap((k, i) => (k ? [i] : []));
    return new RowLines(
      this.body,
      at.map((i) => this.starts[i]!),
      at.map((i) => this.ends[i]!),
      this.texts && at.map((i) => this.texts![i]),
    );
  }

  /**
   * The rows as NDJSON bytes, each followed by LF. Where they lie in the body one after another with
   * one byte between them (`,`: a compact page), that is the body itself with the byte after each row
   * made a LF — no copy (those bytes belong to no row); else the rows are copied.
   */
  ndjson(): Buffer {
    const n = this.length;
    if (n === 0) return Buffer.alloc(0);
    const { body, starts, ends } = this;
    let packed = this.texts === undefined && ends[n - 1]! < body.length;
    for (let k = 1; packed && k < n; k++) packed = starts[k] === ends[k - 1]! + 1;
    if (packed) {
      for (let k = 0; k < n; k++) body[ends[k]!] = 10;
      return body.subarray(starts[0], ends[n - 1]! + 1);
    }
    const parts: Buffer[] = [];
    for (let k = 0; k < n; k++) parts.push(this.line(k), NL);
    return Buffer.concat(parts);
  }
}
