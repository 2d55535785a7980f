/**
 * Ink's layout engine: what Yoga 3.2 (Ink's `yoga-layout`) computes for the layouts relayer-tui draws, in
 * plain JavaScript. scripts/build.mjs and vitest.config.ts resolve Ink's `yoga-layout` here.
 *
 * Every screen is boxes that stack their children in a column (`flexDirection="column"`), with a width,
 * a height, `flexShrink` and `display` at most, and lines of text (Ink's `Text`) measured by Ink. For
 * those, this computes what Yoga computes, to the same 32-bit floats and the same rounding to whole cells
 * (test/ui/columnLayout.test.ts compares the two on generated trees). Yoga itself is C++ compiled to
 * WebAssembly behind Emscripten's bindings: compiling it, registering its bindings and calling across
 * them cost a start ~10 ms before the first frame (issue 55: 87.7 -> 77.1 ms), for a column of boxes.
 *
 * Anything else — a row of boxes, padding, margins, borders, gaps, a percentage, growing, alignment or
 * justification other than the default, absolute positions — is refused where it is set (or, for a row
 * with children, where it is laid out), naming it, so a screen that needs it fails its tests rather than
 * being drawn wrong. Yoga's algorithm is yoga/algorithm/CalculateLayout.cpp in facebook/yoga at v3.2.1;
 * the steps taken from it are named below.
 */

// Yoga's enum values (yoga-layout 3.2), as Ink passes them.
const EDGE = { LEFT: 0, TOP: 1, RIGHT: 2, BOTTOM: 3, START: 4, END: 5, HORIZONTAL: 6, VERTICAL: 7, ALL: 8 } as const;
const DISPLAY_FLEX = 0;
const DISPLAY_NONE = 1;
const FLEX_DIRECTION_COLUMN = 0;
const FLEX_DIRECTION_ROW = 2;
const ALIGN_AUTO = 0;
const ALIGN_STRETCH = 4;
const JUSTIFY_FLEX_START = 0;
const WRAP_NO_WRAP = 0;
const POSITION_TYPE_STATIC = 0;
const POSITION_TYPE_RELATIVE = 1;
const MEASURE_MODE_UNDEFINED = 0;
const MEASURE_MODE_EXACTLY = 1;
const MEASURE_MODE_AT_MOST = 2;

type MeasureFunc = (width: number, widthMode: number, height: number, heightMode: number) => { width: number; height: number };

/** Yoga keeps every length as a 32-bit float, and computes in them. */
const f32 = Math.fround;

function unsupported(what: string): never {
  throw new Error(`relayer-tui's layout engine (src/ui/columnLayout.ts) lays out columns of boxes and text only: ${what} is not supported`);
}

/** A length Yoga takes as given: a number, not negative (a negative or NaN one is "auto"). */
const definite = (v: number): boolean => v >= 0;

export class Node {
  private children: Node[] = [];
  private owner: Node | undefined;
  private measureFunc: MeasureFunc | undefined;
  // Style.
  private width = NaN;
  private height = NaN;
  private flexShrink = 0;
  private display = DISPLAY_FLEX;
  private direction = FLEX_DIRECTION_COLUMN;
  // The last measurement of a text node: its width, and the height Ink measured at it (until the text changes).
  private measuredAt = NaN;
  private measuredHeight = 0;
  // The layout: relative to the owner, in whole cells once laid out.
  private left = 0;
  private top = 0;
  private layoutWidth = 0;
  private layoutHeight = 0;
  /** The flex basis found for this node in its owner's last pass. */
  private basis = 0;

  static create(): Node {
    return new Node();
  }

  // The tree.
  insertChild(child: Node, index: number): void {
    if (child.owner) throw new Error('columnLayout: the child already has an owner; remove it first');
    if (this.measureFunc) throw new Error('columnLayout: a node with a measure function cannot have children');
    child.owner = this;
    this.children.splice(index, 0, child);
  }
  removeChild(child: Node): void {
    const i = this.children.indexOf(child);
    if (i >= 0) {
      this.children.splice(i, 1);
      child.owner = undefined;
    }
  }
  getChildCount(): number {
    return this.children.length;
  }
  free(): void {
    this.owner?.removeChild(this);
    for (const c of this.children) c.owner = undefined;
    this.children = [];
  }
  freeRecursive(): void {
    for (const c of [...this.children]) c.freeRecursive();
    this.free();
  }
  setMeasureFunc(fn: MeasureFunc): void {
    if (this.children.length) throw new Error('columnLayout: a node with children cannot have a measure function');
    this.measureFunc = fn;
    this.markDirty();
  }
  unsetMeasureFunc(): void {
    this.measureFunc = undefined;
    this.markDirty();
  }
  /** Its text changed (Ink says so): measured again at the next layout. */
  markDirty(): void {
    this.measuredAt = NaN;
  }

  // Style. A text is measured again after any change of its style (Yoga only after a changed value).
  setWidth(v: number | string | undefined): void {
    this.width = this.length('width', v);
    this.markDirty();
  }
  setHeight(v: number | string | undefined): void {
    this.height = this.length('height', v);
    this.markDirty();
  }
  setWidthAuto(): void {
    this.width = NaN;
  }
  setHeightAuto(): void {
    this.height = NaN;
  }
  setFlexShrink(v: number): void {
    this.flexShrink = f32(v);
    this.markDirty();
  }
  setFlexGrow(v: number): void {
    if (v) unsupported(`flexGrow ${v}`);
  }
  setFlexDirection(v: number): void {
    if (v !== FLEX_DIRECTION_COLUMN && v !== FLEX_DIRECTION_ROW) unsupported(`a reversed flexDirection (${v})`);
    this.direction = v;
  }
  setFlexWrap(v: number): void {
    if (v !== WRAP_NO_WRAP) unsupported('flexWrap');
  }
  setFlexBasis(v: number): void {
    if (!Number.isNaN(v)) unsupported(`flexBasis ${v}`);
  }
  setFlexBasisAuto(): void {}
  setAlignItems(v: number): void {
    if (v !== ALIGN_STRETCH) unsupported('alignItems other than stretch');
  }
  setAlignSelf(v: number): void {
    if (v !== ALIGN_AUTO) unsupported('alignSelf');
  }
  setJustifyContent(v: number): void {
    if (v !== JUSTIFY_FLEX_START) unsupported('justifyContent other than flex-start');
  }
  setPositionType(v: number): void {
    if (v !== POSITION_TYPE_RELATIVE && v !== POSITION_TYPE_STATIC) unsupported('position absolute');
  }
  setDisplay(v: number): void {
    if (v !== DISPLAY_FLEX && v !== DISPLAY_NONE) unsupported(`display ${v}`);
    this.display = v;
  }
  getDisplay(): number {
    return this.display;
  }
  setMargin(_edge: number, v: number | string): void {
    if (v) unsupported(`margin ${String(v)}`);
  }
  setPadding(_edge: number, v: number | string): void {
    if (v) unsupported(`padding ${String(v)}`);
  }
  setBorder(_edge: number, v: number): void {
    if (v) unsupported('a border');
  }
  setGap(_gutter: number, v: number): void {
    if (v) unsupported(`gap ${v}`);
  }
  setMinWidth(v: number | string): void {
    if (v) unsupported(`minWidth ${String(v)}`);
  }
  setMinHeight(v: number | string): void {
    if (v) unsupported(`minHeight ${String(v)}`);
  }
  setWidthPercent(v: number): void {
    unsupported(`width ${v}%`);
  }
  setHeightPercent(v: number): void {
    unsupported(`height ${v}%`);
  }
  setMinWidthPercent(v: number): void {
    unsupported(`minWidth ${v}%`);
  }
  setMinHeightPercent(v: number): void {
    unsupported(`minHeight ${v}%`);
  }
  setFlexBasisPercent(v: number): void {
    unsupported(`flexBasis ${v}%`);
  }

  // The layout.
  getComputedLeft(): number {
    return this.left;
  }
  getComputedTop(): number {
    return this.top;
  }
  getComputedWidth(): number {
    return this.layoutWidth;
  }
  getComputedHeight(): number {
    return this.layoutHeight;
  }
  getComputedBorder(_edge: number): number {
    return 0;
  }
  getComputedPadding(_edge: number): number {
    return 0;
  }

  /** Yoga's calculateLayout for the root: its width as set (Ink sets the terminal's), its height as set or its content's. */
  calculateLayout(_width?: number, _height?: number, _direction?: number): void {
    if (!definite(this.width)) unsupported('a root without a width');
    this.layout(this.width, definite(this.height) ? this.height : NaN);
    this.left = 0;
    this.top = 0;
    this.roundToPixelGrid(0, 0);
  }

  private length(what: string, v: number | string | undefined): number {
    if (typeof v === 'string') unsupported(`${what} ${v}`);
    return v === undefined ? NaN : f32(v);
  }

  /**
   * The height this node takes when measured `width` wide (always given: every box here is as wide as
   * its owner or its own width) with `fit` cells of height to fit in (NaN: no limit), without laying it
   * out: a text's measured height, a box's the sum of its children's flex bases.
   */
  private measure(width: number, fit: number): number {
    if (this.measureFunc) return this.measureText(width, fit);
    if (this.children.length === 0) return 0;
    // measureNodeWithFixedSize: a box measured into no room is 0 tall.
    if (fit <= 0) return 0;
    this.checkColumn();
    let sum = 0;
    for (const child of this.children) {
      if (child.display === DISPLAY_NONE) continue;
      sum = f32(sum + child.flexBasis(width, fit));
    }
    return sum;
  }

  /** measureNodeWithMeasureFunc: Ink's measurement of a text at `width` (its height; Ink ignores the height asked for). */
  private measureText(width: number, fit: number): number {
    if (this.measuredAt !== width) {
      const got = this.measureFunc!(width, MEASURE_MODE_EXACTLY, fit, Number.isNaN(fit) ? MEASURE_MODE_UNDEFINED : MEASURE_MODE_AT_MOST);
      this.measuredHeight = Math.max(f32(got.height), 0);
      this.measuredAt = width;
    }
    return this.measuredHeight;
  }

  /** computeFlexBasisForChild, in a column `width` wide with `fit` cells of height (NaN: no limit). */
  private flexBasis(width: number, fit: number): number {
    const w = definite(this.width) ? this.width : width;
    this.basis = definite(this.height) ? this.height : this.measure(w, fit);
    return this.basis;
  }

  /**
   * Lays this node out `width` wide and `height` tall (NaN: as tall as its content), then its children:
   * their flex bases (STEP 3), shrunk to fit a height given (STEP 5, resolveFlexibleLength's two passes),
   * stacked from the top (STEP 6), each as wide as this node unless it has a width of its own (STEP 7).
   */
  private layout(width: number, height: number): void {
    this.layoutWidth = width;
    if (this.measureFunc) {
      // Both given (the owner's pass), or only the width (the root).
      this.layoutHeight = Number.isNaN(height) ? this.measureText(width, NaN) : Math.max(height, 0);
      return;
    }
    const shown: Node[] = [];
    for (const child of this.children) {
      if (child.display === DISPLAY_NONE) child.zeroOut();
      else shown.push(child);
    }
    if (shown.length) this.checkColumn();
    // calculateAvailableInnerDimension: never below 0.
    const inner = Number.isNaN(height) ? NaN : Math.max(height, 0);
    let consumed = 0;
    let totalShrink = 0;
    for (const child of shown) {
      const basis = child.flexBasis(width, inner);
      consumed = f32(consumed + basis);
      if (child.flexShrink !== 0) totalShrink = f32(totalShrink + f32(-child.flexShrink * basis));
    }
    const sizes = shown.map((c) => c.basis);
    // A height given and overflowed: the children that may shrink do, in proportion to shrink × basis.
    let free = Number.isNaN(height) ? 0 : f32(inner - consumed);
    if (free < 0) {
      // distributeFreeSpaceFirstPass: a child that would shrink below 0 is held at 0, out of the share.
      let delta = 0;
      for (const child of shown) {
        const factor = f32(-child.flexShrink * child.basis);
        if (factor === 0) continue;
        const base = f32(child.basis + f32(f32(free / totalShrink) * factor));
        const bound = Math.max(base, 0);
        if (base !== bound) {
          delta = f32(delta + f32(bound - child.basis));
          totalShrink = f32(totalShrink - factor);
        }
      }
      free = f32(free - delta);
      // distributeFreeSpaceSecondPass.
      if (free < 0)
        shown.forEach((child, i) => {
          const factor = f32(-child.flexShrink * child.basis);
          if (factor === 0) return;
          const size = totalShrink === 0 ? f32(child.basis + factor) : f32(child.basis + f32(f32(free / totalShrink) * factor));
          sizes[i] = Math.max(size, 0);
        });
    }
    let top = 0;
    shown.forEach((child, i) => {
      child.layout(definite(child.width) ? child.width : width, sizes[i]!);
      child.left = 0;
      child.top = top;
      top = f32(top + child.layoutHeight);
    });
    this.layoutHeight = Number.isNaN(height) ? top : Math.max(height, 0);
  }

  /** zeroOutLayoutRecursively: a node not displayed, and all in it, take no room. */
  private zeroOut(): void {
    this.left = this.top = this.layoutWidth = this.layoutHeight = 0;
    for (const c of this.children) c.zeroOut();
  }

  /** roundLayoutResultsToPixelGrid: positions and sizes to whole cells, from absolute edges (a text never rounded smaller). */
  private roundToPixelGrid(absoluteLeft: number, absoluteTop: number): void {
    const [left, top, width, height] = [this.left, this.top, this.layoutWidth, this.layoutHeight];
    const absLeft = absoluteLeft + left;
    const absTop = absoluteTop + top;
    const text = this.measureFunc !== undefined;
    this.left = roundToCell(left, false, text);
    this.top = roundToCell(top, false, text);
    this.layoutWidth = f32(roundToCell(absLeft + width, text && fractional(width), text && !fractional(width)) - roundToCell(absLeft, false, text));
    this.layoutHeight = f32(roundToCell(absTop + height, text && fractional(height), text && !fractional(height)) - roundToCell(absTop, false, text));
    for (const c of this.children) c.roundToPixelGrid(absLeft, absTop);
  }

  private checkColumn(): void {
    if (this.direction !== FLEX_DIRECTION_COLUMN) unsupported('a box whose children are laid out in a row');
  }
}

/** Whether a length is not a whole number of cells (to Yoga's 1e-4). */
function fractional(v: number): boolean {
  const r = v % 1;
  return !(Math.abs(r) < 0.0001) && !(Math.abs(r - 1) < 0.0001);
}

/** Yoga's roundValueToPixelGrid at a point scale of 1. */
function roundToCell(value: number, forceCeil: boolean, forceFloor: boolean): number {
  let fraction = value % 1;
  if (fraction < 0) fraction += 1;
  const near = (a: number, b: number): boolean => Math.abs(a - b) < 0.0001;
  let rounded: number;
  if (near(fraction, 0)) rounded = value - fraction;
  else if (near(fraction, 1)) rounded = value - fraction + 1;
  else if (forceCeil) rounded = value - fraction + 1;
  else if (forceFloor) rounded = value - fraction;
  else rounded = value - fraction + (fraction > 0.5 || near(fraction, 0.5) ? 1 : 0);
  return f32(rounded);
}

const Yoga = {
  Node,
  EDGE_LEFT: EDGE.LEFT,
  EDGE_TOP: EDGE.TOP,
  EDGE_RIGHT: EDGE.RIGHT,
  EDGE_BOTTOM: EDGE.BOTTOM,
  EDGE_START: EDGE.START,
  EDGE_END: EDGE.END,
  EDGE_HORIZONTAL: EDGE.HORIZONTAL,
  EDGE_VERTICAL: EDGE.VERTICAL,
  EDGE_ALL: EDGE.ALL,
  DISPLAY_FLEX,
  DISPLAY_NONE,
  DISPLAY_CONTENTS: 2,
  FLEX_DIRECTION_COLUMN,
  FLEX_DIRECTION_COLUMN_REVERSE: 1,
  FLEX_DIRECTION_ROW,
  FLEX_DIRECTION_ROW_REVERSE: 3,
  ALIGN_AUTO,
  ALIGN_FLEX_START: 1,
  ALIGN_CENTER: 2,
  ALIGN_FLEX_END: 3,
  ALIGN_STRETCH,
  JUSTIFY_FLEX_START,
  JUSTIFY_CENTER: 1,
  JUSTIFY_FLEX_END: 2,
  JUSTIFY_SPACE_BETWEEN: 3,
  JUSTIFY_SPACE_AROUND: 4,
  JUSTIFY_SPACE_EVENLY: 5,
  WRAP_NO_WRAP,
  WRAP_WRAP: 1,
  WRAP_WRAP_REVERSE: 2,
  POSITION_TYPE_STATIC,
  POSITION_TYPE_RELATIVE,
  POSITION_TYPE_ABSOLUTE: 2,
  GUTTER_COLUMN: 0,
  GUTTER_ROW: 1,
  GUTTER_ALL: 2,
  DIRECTION_INHERIT: 0,
  DIRECTION_LTR: 1,
  DIRECTION_RTL: 2,
  MEASURE_MODE_UNDEFINED,
  MEASURE_MODE_EXACTLY,
  MEASURE_MODE_AT_MOST,
};

export default Yoga;
