/** A choice field's keys, pure: ←/→ (space) step through the options, a letter picks the next option starting with it. */

/** The option `step` (±1) from `current`, wrapping around. */
export function stepChoice(options: readonly string[], current: string, step: 1 | -1): string | undefined {
  if (!options.length) return undefined;
  const at = Math.max(0, options.indexOf(current));
  return options[(at + step + options.length) % options.length];
}

/** What an option starts with for a letter typed on it: its first letter or digit (`(none)` is `n`). */
const initial = (option: string) => /[\p{L}\p{N}]/u.exec(option)?.[0]?.toLowerCase();

/**
 * As a select box: the next option after `current` starting with `letter` (case-insensitive),
 * wrapping around (`f` → fast, again → fastest); undefined when none starts with it.
 */
export function choiceByLetter(options: readonly string[], current: string, letter: string): string | undefined {
  const want = letter.toLowerCase();
  if ([...want].length !== 1) return undefined;
  const at = options.indexOf(current);
  for (let i = 1; i <= options.length; i++) {
    const option = options[(at + i + options.length) % options.length]!;
    if (initial(option) === want) return option;
  }
  return undefined;
}
