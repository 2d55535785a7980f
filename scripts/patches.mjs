// Exact-expression patches to dependencies, applied by both the bundle (scripts/build.mjs) and the
// tests (vitest.config.ts, for the modules it inlines: all but undici). Each replaces
// one exact expression; a changed dependency fails the build loudly instead of silently skipping a fix.
//   Ink 6.8: rendering fixes, bounded caches, scrolling by moving lines.
//   Ink, string-width 8.3, slice-ansi 8.0, @alcalzone/ansi-tokenize 0.2, undici 7.30:
//   startup and frame cost (a CommonJS bundle; work moved off the path to the first frame).
import { constants as http2Constants } from 'node:http2';
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');

/** The single-width symbols, from their one place (src/core/text/glyphs.ts); the build fails without them. */
const SINGLE_WIDTH_SYMBOLS = (() => {
  const m = /export const SINGLE_WIDTH_SYMBOLS = '([^'\\]+)';/.exec(readFileSync(join(ROOT, 'src', 'core', 'text', 'glyphs.ts'), 'utf8'));
  if (!m) throw new Error('scripts/patches.mjs: SINGLE_WIDTH_SYMBOLS not found in src/core/text/glyphs.ts');
  return m[1];
})();

/** The HTTP/2 constants undici's HTTP/2 client reads when it loads (their values, from this Node). */
const H2_CONSTANTS = JSON.stringify(
  Object.fromEntries(
    ['HTTP2_HEADER_AUTHORITY', 'HTTP2_HEADER_METHOD', 'HTTP2_HEADER_PATH', 'HTTP2_HEADER_SCHEME', 'HTTP2_HEADER_CONTENT_LENGTH', 'HTTP2_HEADER_EXPECT', 'HTTP2_HEADER_STATUS', 'HTTP2_HEADER_PROTOCOL', 'NGHTTP2_REFUSED_STREAM', 'NGHTTP2_CANCEL'].map((k) => [k, http2Constants[k]]),
  ),
);

export const PATCHES = {
  'ink/build/ink.js': [
    // The frame's time is read only for an onRender callback (see the scheduler's patch below).
    ['        const startTime = performance.now();', '        const startTime = this.options.onRender ? performance.now() : 0;'],
    // A size change repaints from a blank screen. Ink cleared only when the width shrank, and then
    // by erasing the old frame's lines upwards from the cursor — which misses rows a terminal reflowed
    // or cut (a stale fragment stayed where the title was, through j/k, until the screen changed).
    // `repaint` (stdout's 'repaint' event: ctrl+l) does the same on demand: the next frame is written whole.
    [
      "    resized = () => {\n        const currentWidth = this.getTerminalWidth();\n        if (currentWidth < this.lastTerminalWidth) {\n            // We clear the screen when decreasing terminal width to prevent duplicate overlapping re-renders.\n            this.log.clear();\n            this.lastOutput = '';\n            this.lastOutputToRender = '';\n        }\n        this.calculateLayout();\n        this.onRender();\n        this.lastTerminalWidth = currentWidth;\n    };",
      // On a size change no frame is drawn here: the tree still has the old width (the app re-renders at
      // the new size from its own resize listener, into a blank screen, whole).
      "    repaint = () => {\n        if (this.isUnmounted) return;\n        this.log.clear();\n        this.options.stdout.write('\\u001B[H\\u001B[2J');\n        this.lastOutput = '';\n        this.lastOutputToRender = '';\n        this.calculateLayout();\n        this.onRender();\n    };\n" +
        "    resized = () => {\n        const currentWidth = this.getTerminalWidth();\n        const currentRows = this.options.stdout.rows;\n        if (currentWidth !== this.lastTerminalWidth || currentRows !== this.lastTerminalRows) {\n            this.lastTerminalWidth = currentWidth;\n            this.lastTerminalRows = currentRows;\n            this.log.clear();\n            this.options.stdout.write('\\u001B[H\\u001B[2J');\n            this.lastOutput = '';\n            this.lastOutputToRender = '';\n            return;\n        }\n        this.calculateLayout();\n        this.onRender();\n    };",
    ],
    [
      "            options.stdout.on('resize', this.resized);\n            this.unsubscribeResize = () => {\n                options.stdout.off('resize', this.resized);\n            };",
      "            options.stdout.on('resize', this.resized);\n            options.stdout.on('repaint', this.repaint);\n            this.unsubscribeResize = () => {\n                options.stdout.off('resize', this.resized);\n                options.stdout.off('repaint', this.repaint);\n            };",
    ],
  ],
  // These two need log-update's own state — the previous frame's lines and where the cursor is — which a
  // proxy in front of stdout cannot see without parsing Ink's private output back into frames. (What
  // needs only the bytes is done there: src/ui/frameStdout.ts collapses runs of next-line escapes.)
  'ink/build/log-update.js': [
    // The incremental log-update moves the cursor up one line too few when the previous frame
    // ended with a newline (every frame shorter than the terminal does), so each redraw after the
    // first lands one row low.
    [
      'buffer.push(ansiEscapes.cursorUp(previousVisible - 1));',
      "buffer.push(ansiEscapes.cursorUp(previousVisible - (previousOutput.endsWith('\\n') ? 0 : 1)));",
    ],
    // A block of lines that moved (a list scrolled by a row) is moved on the terminal rather than
    // rewritten line by line: src/ui/lineShift.ts.
    ['import ansiEscapes from', `import { lineShift } from ${JSON.stringify(join(ROOT, 'src', 'ui', 'lineShift.ts'))};\nimport ansiEscapes from`],
    [
      '        for (let i = 0; i < visibleCount; i++) {',
      '        const shift = visibleCount === previousVisible ? lineShift(previousLines, nextLines, visibleCount) : undefined;\n' +
        '        if (shift) {\n' +
        '            buffer.push(shift.escapes);\n' +
        '            previousLines = shift.lines;\n' +
        '        }\n' +
        '        for (let i = 0; i < visibleCount; i++) {',
    ],
  ],
  'ink/build/output.js': [
    // Each frame built its own cache of styled characters and widths per line, so every frame
    // re-tokenised every line (the bulk of a keypress's CPU). Most lines repeat from frame to frame:
    // share one bounded cache across frames. The cached character objects are only read.
    [
      '    caches = new OutputCaches();',
      '    caches = sharedOutputCaches();',
    ],
    [
      'export default class Output {',
      'let sharedCaches;\nfunction sharedOutputCaches() {\n    if (!sharedCaches || sharedCaches.styledChars.size > 300 || sharedCaches.widths.size > 5000 || sharedCaches.slices.size > 300) sharedCaches = new OutputCaches();\n    return sharedCaches;\n}\nexport default class Output {',
    ],
    // Lines inside a clipping box (overflow hidden) are cut with sliceAnsi on every frame: cache
    // the cut lines too (same line, same bounds, same result).
    [
      'class OutputCaches {\n    widths = new Map();',
      "class OutputCaches {\n    slices = new Map();\n    getSlice(line, from, to) {\n        const key = from + ':' + to + ':' + line;\n        let cached = this.slices.get(key);\n        if (cached === undefined) {\n            cached = sliceAnsi(line, from, to);\n            this.slices.set(key, cached);\n        }\n        return cached;\n    }\n    widths = new Map();",
    ],
    // A line that fits its clipping box is kept whole rather than cut from 0 to its own width.
    // The frame's grid starts as one blank cell object shared by every position (cells are replaced,
    // never changed), not 3,000 new ones a frame.
    [
      "                row.push({\n                    type: 'char',\n                    value: ' ',\n                    fullWidth: false,\n                    styles: [],\n                });",
      '                row.push(BLANK_CELL);',
    ],
    ['export default class Output {', "const BLANK_CELL = Object.freeze({ type: 'char', value: ' ', fullWidth: false, styles: Object.freeze([]) });\nexport default class Output {"],
    ['return sliceAnsi(line, from, to);', 'return from === 0 && to >= width ? line : this.caches.getSlice(line, from, to);'],
    // A line's styled characters in one pass (see @alcalzone/ansi-tokenize/build/tokenize.js below).
    ['import { styledCharsFromTokens, styledCharsToString, tokenize, } from', 'import { styledCharsOfLine, styledCharsToString, } from'],
    ['            cached = styledCharsFromTokens(tokenize(line));', '            cached = styledCharsOfLine(line);'],
  ],
  // Ink keeps the size of every text it ever measured and every line it ever wrapped, in module-level
  // maps that never shrink: paging through a million transactions grew the heap without end. Bound them.
  'ink/build/measure-text.js': [['    cache.set(text, dimensions);', '    if (cache.size >= 5000) cache.clear();\n    cache.set(text, dimensions);']],
  'ink/build/wrap-text.js': [
    ['const cache = {};', 'let cache = {};\nlet cacheSize = 0;'],
    ['    cache[cacheKey] = wrappedText;', '    if (++cacheSize > 5000) {\n        cache = {};\n        cacheSize = 1;\n    }\n    cache[cacheKey] = wrappedText;'],
  ],
  // Two top-level awaits, both only when DEV=true (React devtools), keep Ink out of a CommonJS bundle
  // (the only kind V8's code cache can load: src/start/launcher.ts). Devtools are stubbed in the bundle anyway.
  'ink/build/reconciler.js': [
    ["        await import('./devtools.js');", "        void import('./devtools.js');"],
    ['    ? await loadPackageJson()', '    ? { name: undefined, version: undefined }'],
  ],
  // Ink turns every line it draws into styled characters, one grapheme at a time, through a grapheme
  // segmenter — ICU's, whose first use costs ~10 ms and every use far more than reading characters.
  // Text in which every UTF-16 unit is a character of its own (ASCII, escape codes, our single-width
  // symbols; no CR, so no CR LF pair) is split by index; anything else still goes to the segmenter,
  // built on first use.
  '@alcalzone/ansi-tokenize/build/tokenize.js': [
    [
      'const segmenter = new Intl.Segmenter(undefined, { granularity: "grapheme" });',
      'let graphemeSegmenter;\n' +
        `const ONE_UNIT_GRAPHEMES = /^[\\x00-\\x0c\\x0e-\\x7e${SINGLE_WIDTH_SYMBOLS}]*$/;\n` +
        'const segmenter = {\n' +
        '    segment(str) {\n' +
        '        if (!ONE_UNIT_GRAPHEMES.test(str)) return (graphemeSegmenter ??= new Intl.Segmenter(undefined, { granularity: "grapheme" })).segment(str);\n' +
        '        const segments = new Array(str.length);\n' +
        '        for (let index = 0; index < str.length; index++) segments[index] = { segment: str[index], index };\n' +
        '        return segments;\n' +
        '    },\n' +
        '};',
    ],
    // A line's styled characters, made in one pass where every UTF-16 unit is a character (as above):
    // tokenize() made a segment, a token and then (styledCharsFromTokens) a spread copy of it for each
    // character, a tenth of the first frame's time. The same characters, styles and widths; any other
    // text takes the two steps. (Ink's Output asks for it: ink/build/output.js below.)
    ['import isFullwidthCodePoint from "is-fullwidth-code-point";', 'import isFullwidthCodePoint from "is-fullwidth-code-point";\nimport { reduceAnsiCodesIncremental } from "./reduce.js";\nimport { styledCharsFromTokens } from "./styledChars.js";'],
    [
      '        if (visible >= endChar) {\n            break;\n        }\n    }\n    return ret;\n}\n',
      '        if (visible >= endChar) {\n            break;\n        }\n    }\n    return ret;\n}\n' +
        'export function styledCharsOfLine(str) {\n' +
        '    if (!ONE_UNIT_GRAPHEMES.test(str)) return styledCharsFromTokens(tokenize(str));\n' +
        '    const ret = [];\n' +
        '    let codes = [];\n' +
        '    for (let index = 0; index < str.length; index++) {\n' +
        '        const codePoint = str.charCodeAt(index);\n' +
        '        if (ESCAPES.has(codePoint)) {\n' +
        '            let code;\n' +
        '            const nextCodePoint = str.charCodeAt(index + 1);\n' +
        '            if (nextCodePoint === OSC) {\n' +
        '                code = parseLinkCode(str, index);\n' +
        '                if (code) codes = reduceAnsiCodesIncremental(codes, [{ type: "ansi", code, endCode: getEndCode(code) }]);\n' +
        '            }\n' +
        '            else if (nextCodePoint === CSI) {\n' +
        '                code = parseSGRSequence(str, index);\n' +
        '                if (code) for (const individualCode of splitCompoundSGRSequences(code)) codes = reduceAnsiCodesIncremental(codes, [{ type: "ansi", code: individualCode, endCode: getEndCode(individualCode) }]);\n' +
        '            }\n' +
        '            if (code) {\n' +
        '                index += code.length - 1;\n' +
        '                continue;\n' +
        '            }\n' +
        '        }\n' +
        '        const value = str[index];\n' +
        '        ret.push({ type: "char", value, fullWidth: isFullwidthGrapheme(value, codePoint), styles: codes });\n' +
        '    }\n' +
        '    return ret;\n' +
        '}\n',
    ],
  ],
  // Ink composes each frame as a grid of styled characters (3,000 at 100x30) and writes it back out
  // by diffing each character's styles with the previous one's — three Sets and four arrays a
  // character, most of a frame's cost and of the first frame's. Characters styled alike share one
  // styles array (nothing mutates them: every reduction returns a new array), and equal or empty
  // styles need no diff. The written text is the same.
  '@alcalzone/ansi-tokenize/build/styledChars.js': [
    ['                styles: [...codes],', '                styles: codes,'],
    [
      '            ret += ansiCodesToString(diffAnsiCodes(chars[i - 1].styles, char.styles));',
      '            const previous = chars[i - 1].styles;\n' +
        '            if (previous !== char.styles && (previous.length !== 0 || char.styles.length !== 0))\n' +
        '                ret += ansiCodesToString(diffAnsiCodes(previous, char.styles));',
    ],
    [
      '        if (i === chars.length - 1) {\n            ret += ansiCodesToString(diffAnsiCodes(char.styles, []));',
      '        if (i === chars.length - 1 && char.styles.length !== 0) {\n            ret += ansiCodesToString(diffAnsiCodes(char.styles, []));',
    ],
  ],
  // Ink's error overview (for an error thrown outside our own CrashBoundary) builds a stack parser when
  // it loads, and stack-utils builds a pattern for each of Node's ~70 built-in modules (loading
  // node:module for their names): ~1 ms of every start, for a screen that is almost never shown. Both
  // are built on first use.
  'ink/build/components/ErrorOverview.js': [
    [
      'const stackUtils = new StackUtils({\n    cwd: cwd(),\n    internals: StackUtils.nodeInternals(),\n});',
      'let stackParser;\nconst stackUtils = {\n    parseLine: (line) => (stackParser ??= new StackUtils({ cwd: cwd(), internals: StackUtils.nodeInternals() })).parseLine(line),\n};',
    ],
  ],
  'stack-utils/index.js': [
    ['const natives = [].concat(', 'let natives;\nconst builtNatives = () => [].concat('],
    ['natives.push(\n  /\\((?:node:)?internal', 'const nativesTail = () => [\n  /\\((?:node:)?internal'],
    [String.raw`node:\d+:\d+\)?$/` + '\n);', String.raw`node:\d+:\d+\)?$/` + '\n];'],
    ['    return [...natives];', '    natives ??= [...builtNatives(), ...nativesTail()];\n    return [...natives];'],
  ],
  // Node's performance timeline (the global `performance`) loads seven modules on its first use, ~1.6 ms
  // of a start: React's scheduler reads it as it loads, Ink to time each frame for an onRender callback
  // we do not pass. The scheduler keeps a monotonic clock (process.hrtime, as src/api/monotonic.ts);
  // Ink reads the time only for the callback.
  'scheduler/cjs/scheduler.production.js': [
    [
      'if ("object" === typeof performance && "function" === typeof performance.now) {\n  var localPerformance = performance;\n  exports.unstable_now = function () {\n    return localPerformance.now();\n  };\n}',
      'if (true) {\n  var hrtime = process.hrtime;\n  exports.unstable_now = function () {\n    var t = hrtime();\n    return t[0] * 1e3 + t[1] / 1e6;\n  };\n}',
    ],
  ],
  // slice-ansi builds its grapheme segmenter when it loads; build it on first use.
  'slice-ansi/tokenize-ansi.js': [
    [
      "const GRAPHEME_SEGMENTER = new Intl.Segmenter(undefined, {granularity: 'grapheme'});",
      "let graphemeSegmenter;\nconst GRAPHEME_SEGMENTER = {segment: string => (graphemeSegmenter ??= new Intl.Segmenter(undefined, {granularity: 'grapheme'})).segment(string)};",
    ],
  ],
  // undici loads node:http2 (~6 ms) with its pool, for HTTP/2, which it only speaks when asked
  // (allowH2; our transport never asks). Load it when a session is opened; the constants it reads at
  // load time are written in.
  'undici/lib/dispatcher/client-h2.js': [
    ["  http2 = require('node:http2')", `  http2 = { constants: ${H2_CONSTANTS}, connect: (...args) => require('node:http2').connect(...args) }`],
  ],
  // undici loads node:http (~3 ms of a start: its client, server, agent and parser modules) for one
  // comparison when a stream is destroyed (http.IncomingMessage) and for the default response-header
  // limit (http.maxHeaderSize), which our transport gives itself: load it when either is needed. (Our own
  // reason phrases are read the same way: src/api/outcome.ts. test/e2e/startup.test.ts checks that the
  // first frame loads none of the modules these patches keep off its path.)
  'undici/lib/core/util.js': [
    // (Only a stream whose class is called IncomingMessage can be one, and node:http is loaded if it is.)
    ["const { IncomingMessage } = require('node:http')", "const isIncomingMessage = (C) => C?.name === 'IncomingMessage' && C === require('node:http').IncomingMessage"],
    ['if (Object.getPrototypeOf(stream).constructor === IncomingMessage) {', 'if (isIncomingMessage(Object.getPrototypeOf(stream).constructor)) {'],
  ],
  'undici/lib/dispatcher/client.js': [
    ["const http = require('node:http')\n", '// node:http: read by getDefaultNodeMaxHeaderSize when called\n'],
    [
      "const getDefaultNodeMaxHeaderSize = http &&\n  http.maxHeaderSize &&\n  Number.isInteger(http.maxHeaderSize) &&\n  http.maxHeaderSize > 0\n  ? () => http.maxHeaderSize\n  : () => { throw new InvalidArgumentError('http module not available or http.maxHeaderSize invalid') }",
      "const getDefaultNodeMaxHeaderSize = () => {\n  const http = require('node:http')\n  if (Number.isInteger(http.maxHeaderSize) && http.maxHeaderSize > 0) return http.maxHeaderSize\n  throw new InvalidArgumentError('http module not available or http.maxHeaderSize invalid')\n}",
    ],
  ],
  // A close or destroy without an error of its own destroys its sockets with a ClientDestroyedError, whose
  // stack Node formats at once (node's stream destroy reads err.stack): the first stack formatted in a
  // process cost a one-shot ~1.2 ms between its output and its exit (measured). No request is left to
  // carry it on a close (close waits for them); made without a stack, it says the same.
  'undici/lib/dispatcher/dispatcher-base.js': [
    [
      '    if (!err) {\n      err = new ClientDestroyedError()\n    }\n',
      '    if (!err) {\n      const limit = Error.stackTraceLimit\n      Error.stackTraceLimit = 0\n      try {\n        err = new ClientDestroyedError()\n      } finally {\n        Error.stackTraceLimit = limit\n      }\n    }\n',
    ],
  ],
  // Its parser's WebAssembly may come compiled (src/start/wasmAhead.ts, through scripts/build.mjs's WASM_READER).
  'undici/lib/dispatcher/client-h1.js': [
    ["mod = new WebAssembly.Module(require('../llhttp/llhttp_simd-wasm.js'))", "mod = ((m) => (m instanceof WebAssembly.Module ? m : new WebAssembly.Module(m)))(require('../llhttp/llhttp_simd-wasm.js'))"],
  ],
  // Ink's ansi-escapes and chalk's supports-color read node:os only on Windows (os.release()), and loading it
  // costs a start ~0.5 ms: loaded when read.
  'ansi-escapes/base.js': [["import os from 'node:os';", "const os = { release: () => process.getBuiltinModule('node:os').release() };"]],
  'chalk/source/vendor/supports-color/index.js': [["import os from 'node:os';", "const os = { release: () => process.getBuiltinModule('node:os').release() };"]],
  // terminal-size (Ink's fallback for a terminal width stdout does not give) loads node:child_process
  // with itself, 5-20 ms of a start: load it when the fallback runs tput, which ours never does (the TUI
  // runs on a TTY).
  'terminal-size/index.js': [
    ["import {execFileSync} from 'node:child_process';", "const execFileSync = (...args) => process.getBuiltinModule('node:child_process').execFileSync(...args);"],
  ],
  // string-width builds a grapheme segmenter (loads ICU data, ~10 ms) and an RGI emoji regex (~13 ms)
  // when the module loads. Our text takes src/core/text/fastStringWidth.ts's fast path and never needs
  // either; build them on first use.
  'string-width/index.js': [
    // Its Unicode-property patterns too (~1 ms of a start: each is parsed and its sets built as the module loads).
    ['const visibleCharacterRegex = /[^\\p{Default_Ignorable_Code_Point}\\p{Control}\\p{Format}\\p{Nonspacing_Mark}\\p{Enclosing_Mark}\\p{Surrogate}]/v;', 'let visibleCharacterRegex;\nconst visibleCharacter = () => (visibleCharacterRegex ??= /[^\\p{Default_Ignorable_Code_Point}\\p{Control}\\p{Format}\\p{Nonspacing_Mark}\\p{Enclosing_Mark}\\p{Surrogate}]/v);'],
    ['segment.search(visibleCharacterRegex)', 'segment.search(visibleCharacter())'],
    ['if (!visibleCharacterRegex.test(character)) {', 'if (!visibleCharacter().test(character)) {'],
    ['const spacingMarkRegex = /\\p{Spacing_Mark}/v;', 'let spacingMarkRegex;'],
    ['spacingMarkRegex.test(character)', '(spacingMarkRegex ??= /\\p{Spacing_Mark}/v).test(character)'],
    ['const extendedPictographicRegex = /\\p{Extended_Pictographic}/gu;', 'let extendedPictographicRegex;'],
    ['segment.match(extendedPictographicRegex)', 'segment.match(extendedPictographicRegex ??= /\\p{Extended_Pictographic}/gu)'],
    ['const segmenter = new Intl.Segmenter();', 'let segmenter;'],
    ['of segmenter.segment(string)', 'of (segmenter ??= new Intl.Segmenter()).segment(string)'],
    ['const rgiEmojiRegex = /^\\p{RGI_Emoji}$/v;', 'let rgiEmojiRegex;'],
    ['if (rgiEmojiRegex.test(segment)', 'if ((rgiEmojiRegex ??= /^\\p{RGI_Emoji}$/v).test(segment)'],
  ],
};

const ROOT_MODULES = join(ROOT, 'node_modules');
const escape = (s) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replaceAll('/', '[\\\\/]');
/** Matches the files PATCHES patches: the project's own copies (not one nested under another package). */
export const PATCHED = new RegExp(`^${escape(ROOT_MODULES)}[\\\\/](?:${Object.keys(PATCHES).map(escape).join('|')})$`);

/** Any copy of a patched file, the project's own or one nested under another package. */
export const ANY_COPY = new RegExp(`[\\\\/]node_modules[\\\\/](?:${Object.keys(PATCHES).map(escape).join('|')})$`);

/**
 * The patched source of one of PATCHES' files. A second copy nested under another package fails the
 * build (its patches would not apply, and the bundle would carry the unpatched code beside the
 * patched one): dedupe it, or patch that copy too.
 */
export function patchDependency(src, file) {
  if (!PATCHED.test(file)) {
    if (ANY_COPY.test(file)) throw new Error(`scripts/patches.mjs: a second copy of a patched file is bundled: ${file} (npm dedupe, or patch it too)`);
    return src;
  }
  const key = Object.keys(PATCHES).find((k) => file.replaceAll('\\', '/').endsWith(`/${k}`));
  let out = src;
  for (const [from, to] of PATCHES[key]) {
    if (out.includes(to)) continue;
    if (out.split(from).length !== 2) throw new Error(`${key} changed; re-check its patches in scripts/patches.mjs (${from})`);
    out = out.replace(from, to);
  }
  return out;
}
