/**
 * The one text primitive (src/ui/components/Text.tsx) is the display-safety backstop: a string a view
 * forgot to sanitize is drawn inert; colour codes from `paint` still colour. Ink's own Text, for
 * contrast, passes an OSC sequence through (which is why nothing else may use it: the architecture test).
 */
import { Text as InkText } from 'ink';
import { render } from 'ink-testing-library';
import { describe, expect, it } from 'vitest';
import { Text } from '../../src/ui/components/Text.js';

const HOSTILE = 'a\x1b]0;PWNED\x07b\x1b]52;c;cHduZWQ=\x07c\u009b2Jd\u202ee\x1b[2Jf';

describe('the text primitive', () => {
  it('draws control characters, escapes, C1 and bidi controls as visible placeholders', () => {
    const { lastFrame, unmount } = render(<Text>{HOSTILE}</Text>);
    const frame = lastFrame()!;
    expect(frame).toBe('a␛]0;PWNED␇b␛]52;c;cHduZWQ=␇c\\u009b2Jd\\u202ee␛[2Jf');
    unmount();
  });

  it('keeps colour codes and makes what is between them inert (a painted row)', () => {
    // paint's output as chalk writes it on a colour terminal (chalk writes none without one, as here)
    const row = '\x1b[32mok\x1b[39m \x1b[31mx\x1b]0;T\x07\x1b[39m';
    const { lastFrame, unmount } = render(
      <Text>
        {row}
        {' tail\x07'}
      </Text>,
    );
    const frame = lastFrame()!;
    expect(frame).toContain('\x1b[32mok\x1b[39m');
    expect(frame).toContain('x␛]0;T␇');
    expect(frame).toContain(' tail␇');
    expect(frame.replace(/\x1b\[[0-9;]*m/g, '')).not.toMatch(/[\x00-\x09\x0b-\x1f\x7f-\x9f]/);
    unmount();
  });

  it("Ink's own Text would pass the OSC through (what the primitive is for)", () => {
    const { lastFrame, unmount } = render(<InkText>{HOSTILE}</InkText>);
    expect(lastFrame()).toContain('\x1b]0;PWNED\x07');
    unmount();
  });
});

describe('the outermost boundary', () => {
  it("a render error ends the app through onCrash; Ink's own error overview (unsanitized message and source) is never drawn", async () => {
    const { CrashBoundary } = await import('../../src/ui/components/CrashBoundary.js');
    const crashes: unknown[] = [];
    const Boom = (): never => {
      throw new Error('server said \x1b]0;PWNED\x07');
    };
    const { lastFrame, unmount } = render(
      <CrashBoundary onCrash={(e) => crashes.push(e)}>
        <Boom />
      </CrashBoundary>,
    );
    expect(crashes).toHaveLength(1);
    expect((crashes[0] as Error).message).toContain('server said');
    expect(lastFrame()).toBe('');
    unmount();
  });
});
