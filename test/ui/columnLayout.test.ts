/**
 * src/ui/columnLayout.ts against Yoga 3.2 itself (yoga-layout, the WebAssembly build Ink ships with): the
 * same trees — columns of boxes with widths, heights, flexShrink and display, and texts measured to their
 * width — built through the calls Ink makes, laid out by both, every node's position and size compared.
 * The trees are generated from a fixed seed, hundreds of them, most overflowing a height so that
 * shrinking and the rounding to whole cells are what is compared.
 */
import { describe, expect, it } from 'vitest';
import { loadYoga, type Yoga } from 'yoga-layout/load';
import ColumnLayout from '../../src/ui/columnLayout.js';

type Engine = typeof ColumnLayout | Yoga;
type AnyNode = ReturnType<typeof ColumnLayout.Node.create>;

interface Spec {
  kind: 'box' | 'text';
  width?: number;
  height?: number;
  shrink?: number;
  hidden?: boolean;
  /** A text's length in cells: its height is the lines it takes at the width it is measured at. */
  length?: number;
  children?: Spec[];
}

/** A small deterministic generator (mulberry32). */
function random(seed: number): () => number {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function tree(r: () => number, depth: number): Spec {
  const pick = <T>(xs: T[]): T => xs[Math.floor(r() * xs.length)]!;
  const common = { shrink: pick([1, 1, 1, 0, 2, 0.5]), hidden: r() < 0.05 };
  if (depth === 0 || r() < 0.4) return { kind: 'text', ...common, length: pick([0, 1, 5, 17, 40, 80, 200]), height: r() < 0.1 ? pick([0, 1, 2]) : undefined };
  const n = Math.floor(r() * 6);
  return {
    kind: 'box',
    ...common,
    width: r() < 0.2 ? pick([0, 3, 10, 33, 90, 7.25, 33.5, 12.7]) : undefined,
    height: r() < 0.5 ? pick([0, 1, 2, 3, 5, 7, 12, 20, -1]) : undefined,
    children: Array.from({ length: n }, () => tree(r, depth - 1)),
  };
}

/** Builds a spec with one engine as Ink does (Node.create, styles, insertChild, setMeasureFunc); returns the nodes in order. */
function build(Y: Engine, spec: Spec, nodes: AnyNode[] = []): AnyNode {
  const node = (Y.Node as typeof ColumnLayout.Node).create();
  nodes.push(node);
  node.setFlexShrink(spec.shrink ?? 1);
  if (spec.hidden) node.setDisplay(Y.DISPLAY_NONE);
  if (spec.kind === 'text') {
    node.setFlexDirection(Y.FLEX_DIRECTION_ROW);
    const length = spec.length ?? 0;
    node.setMeasureFunc((width) => ({ width: Math.min(length, width), height: length === 0 ? 0 : Math.ceil(length / Math.max(1, Math.floor(width))) }));
    if (spec.height !== undefined) node.setHeight(spec.height);
    return node;
  }
  node.setFlexDirection(Y.FLEX_DIRECTION_COLUMN);
  node.setFlexWrap(Y.WRAP_NO_WRAP);
  node.setFlexGrow(0);
  if (spec.width !== undefined) node.setWidth(spec.width);
  if (spec.height !== undefined) node.setHeight(spec.height);
  (spec.children ?? []).forEach((c, i) => node.insertChild(build(Y, c, nodes), i));
  return node;
}

function layout(Y: Engine, spec: Spec, width: number): number[][] {
  const nodes: AnyNode[] = [];
  const root = build(Y, spec, nodes);
  root.setWidth(width);
  root.calculateLayout(undefined, undefined, Y.DIRECTION_LTR);
  return nodes.map((n) => [n.getComputedLeft(), n.getComputedTop(), n.getComputedWidth(), n.getComputedHeight()]);
}

describe('the column layout engine (Ink’s yoga-layout in the bundle)', () => {
  it('lays out 600 generated trees exactly as Yoga 3.2 does: every node’s left, top, width and height', async () => {
    const yoga = await loadYoga();
    const r = random(55);
    let shrunk = 0;
    for (let i = 0; i < 600; i++) {
      const spec: Spec = { kind: 'box', height: r() < 0.7 ? Math.floor(r() * 30) : undefined, children: Array.from({ length: 1 + Math.floor(r() * 5) }, () => tree(r, 4)) };
      const width = 1 + Math.floor(r() * 120);
      const ours = layout(ColumnLayout, spec, width);
      const theirs = layout(yoga, spec, width);
      expect({ tree: i, nodes: ours }).toEqual({ tree: i, nodes: theirs });
      if (JSON.stringify(spec).includes('"height"')) shrunk++;
    }
    // Most trees had a height to fit into (the shrinking is what differs between engines, if anything does).
    expect(shrunk).toBeGreaterThan(400);
  });

  it('the screens’ shape: a header, a body of a fixed height holding more lines than fit, a footer — rounded as Yoga rounds', async () => {
    const yoga = await loadYoga();
    const line = (length: number): Spec => ({ kind: 'text', length });
    const spec: Spec = {
      kind: 'box',
      height: 24,
      children: [line(10), { kind: 'box', height: 7, children: [line(300), line(5), line(5), line(90)] }, { kind: 'box', shrink: 0, children: [line(3), line(3)] }, line(500)],
    };
    expect(layout(ColumnLayout, spec, 80)).toEqual(layout(yoga, spec, 80));
    // And the same at a width where nothing wraps.
    expect(layout(ColumnLayout, spec, 600)).toEqual(layout(yoga, spec, 600));
  });

  it('measures a text again only after Ink says it changed (markDirty) or its width changed', () => {
    const root = ColumnLayout.Node.create();
    const text = ColumnLayout.Node.create();
    let calls = 0;
    let lines = 1;
    text.setMeasureFunc(() => (calls++, { width: 1, height: lines }));
    root.insertChild(text, 0);
    root.setWidth(10);
    root.calculateLayout();
    root.calculateLayout();
    expect({ calls, height: text.getComputedHeight() }).toEqual({ calls: 1, height: 1 });
    lines = 3;
    text.markDirty();
    root.calculateLayout();
    expect({ calls, height: text.getComputedHeight() }).toEqual({ calls: 2, height: 3 });
    root.setWidth(20);
    root.calculateLayout();
    expect(calls).toBe(3);
  });

  it('refuses, by name, what it does not lay out: a row of boxes, padding, a margin, a border, a gap, growing, percentages, absolute positions', () => {
    const Y = ColumnLayout;
    const node = () => Y.Node.create();
    const refused = (f: () => void) => expect(f).toThrow(/src\/ui\/columnLayout\.ts\) lays out columns of boxes and text only: .+ is not supported/);
    refused(() => node().setPadding(Y.EDGE_ALL, 1));
    refused(() => node().setMargin(Y.EDGE_TOP, 1));
    refused(() => node().setBorder(Y.EDGE_LEFT, 1));
    refused(() => node().setGap(Y.GUTTER_ALL, 1));
    refused(() => node().setFlexGrow(1));
    refused(() => node().setWidthPercent(50));
    refused(() => node().setPositionType(Y.POSITION_TYPE_ABSOLUTE));
    refused(() => node().setAlignItems(Y.ALIGN_CENTER));
    refused(() => node().setJustifyContent(Y.JUSTIFY_SPACE_BETWEEN));
    const row = node();
    row.setFlexDirection(Y.FLEX_DIRECTION_ROW);
    row.insertChild(node(), 0);
    row.setWidth(10);
    refused(() => row.calculateLayout());
    // What Ink sets on every box and text, at their defaults, is taken.
    const box = node();
    box.setPadding(Y.EDGE_ALL, 0);
    box.setFlexGrow(0);
    box.setAlignItems(Y.ALIGN_STRETCH);
    box.setFlexWrap(Y.WRAP_NO_WRAP);
  });
});
