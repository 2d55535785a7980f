/**
 * `man relayer-tui`: the roff page, made at build time (scripts/man.mjs writes dist/relayer-tui.1, which
 * package.json's `man` installs) from the texts --help prints — the command lines, the operations'
 * synopses and help lines from the registry, each command's own page, the options, the environment,
 * the files, the exit codes — never a second copy of them.
 */
import { COMMANDS, HEADLESS_COMMANDS, type HeadlessCommand } from './commands.js';
import { EXIT_MEANINGS } from './exitCodes.js';
import { HELP } from './help.js';
import { EXIT_CODES } from './helpParts.js';
import { blocks, bold, helpRoff, roffText, rowRoff, synopsisRoff } from './roff.js';
import { COMMAND_LINES, COMPLETION_HELP, ENVIRONMENT, FILES, OPERATIONS_INTRO, OPTIONS_TEXT, SECURITY_TEXT, SUMMARY } from './usage.js';
import { OPERATION_KINDS, OPERATIONS } from '../core/operations/registry.js';

/** The command lines of --help's Usage block: each command's synopsis and its words. */
function commandRows(): { term: string; words: { code: boolean; text: string }[] }[] {
  return blocks(COMMAND_LINES).flatMap((b) => (b.kind === 'row' ? [b] : []));
}

/** A command's page: its --help (without the exit codes, said once below), else its line of the Usage block. */
function commandPage(command: string, sandboxUsage: string): string {
  if ((HEADLESS_COMMANDS as readonly string[]).includes(command)) {
    // The title: every line up to the first blank one (a long one is wrapped in --help), as one paragraph.
    const page = HELP[command as HeadlessCommand].replace(EXIT_CODES, '');
    const end = page.indexOf('\n\n');
    const title = (end < 0 ? page : page.slice(0, end)).replace(/\s*\n\s*/g, ' ');
    return helpRoff([title.replace(/^relayer-tui [^:]+: /, ''), '', ...(end < 0 ? [] : page.slice(end + 2).split('\n'))].join('\n'));
  }
  if (command === 'sandbox') return helpRoff(sandboxUsage);
  if (command === 'completion') return helpRoff(COMPLETION_HELP.replace(/^relayer-tui [^:]+: /, ''));
  const line = commandRows().find((r) => r.term.split(' ')[1] === command);
  if (!line) throw new Error(`man page: no page and no Usage line for ${command}`);
  return `${synopsisRoff([line.term])}\n.PP\n${roffText(line.words.map((w) => w.text).join(' '))}`;
}

const section = (name: string, body: string): string => `.SH ${name}\n${body}`;
const table = (rows: readonly { name: string; does: string }[]): string => rows.map((r) => rowRoff(r.name, [{ code: false, text: r.does }])).join('\n');

/** The whole page, for `version`; `sandboxUsage` is the sandbox's --help (src/sandbox/cli.ts: not imported by cli/). */
export function manPage(version: string, sandboxUsage: string): string {
  const operations = OPERATION_KINDS.map((k) => ({ usage: `relayer-tui ${OPERATIONS[k].usage}`, description: OPERATIONS[k].description }));
  return [
    `.\\" relayer-tui ${version}: made by scripts/man.mjs from src/cli (the texts of --help); edit those, not this.`,
    `.TH RELAYER\\-TUI 1 "" "relayer\\-tui ${roffText(version)}" "User Commands"`,
    '.nh',
    '.ad l',
    section('NAME', `relayer\\-tui \\- ${roffText(SUMMARY)}`),
    section('SYNOPSIS', synopsisRoff(['relayer-tui [options]', 'relayer-tui <command> [options] [arguments]', 'relayer-tui help <command>'])),
    section(
      'DESCRIPTION',
      [
        `.PP\n${roffText('Without a command, relayer-tui opens the TUI; with one, it runs that command and exits. Each command has its page: relayer-tui help COMMAND prints it, as relayer-tui COMMAND --help does, and COMMANDS below holds them all.')}`,
        ...commandRows().map((r) => rowRoff(r.term, r.words)),
        `.PP\n${roffText(OPERATIONS_INTRO.replace(/\n/g, ' '))}`,
        ...operations.map((o) => rowRoff(o.usage, [{ code: false, text: o.description }])),
      ].join('\n'),
    ),
    section('COMMANDS', COMMANDS.map((c) => `.SS ${bold(`relayer-tui ${c}`)}\n${commandPage(c, sandboxUsage)}`).join('\n')),
    section('OPTIONS', helpRoff(OPTIONS_TEXT)),
    section('ENVIRONMENT', table(ENVIRONMENT)),
    section('FILES', table(FILES)),
    section('EXIT STATUS', `.PP\n${roffText('The subcommands exit with one code per class of outcome:')}\n${EXIT_MEANINGS.map((m) => rowRoff(String(m.code), [{ code: false, text: m.long }])).join('\n')}`),
    section('SECURITY', helpRoff(SECURITY_TEXT)),
    section('SEE ALSO', `.PP\n${roffText('README.md beside the program ($(npm root -g)/relayer-tui/README.md), and the manual in the docs/ directory of its source.')}`),
    '',
  ].join('\n');
}
