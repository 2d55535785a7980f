/**
 * A TUI form filled from command-line flags: every field checked as the form checks it (the same
 * messages, named by flag), then the form's own builder makes the request. One definition of each
 * body, whether it is typed into the TUI or given to a subcommand.
 */
import { holdsSecret, type BuiltRequest, type FieldSpec, type FormDefinition, type Values } from '../core/operations/types.js';

/**
 * `values`: the form's values with the flags applied; `given`: the fields a flag set (a `choice`
 * field set by a flag must be one of its options but a parenthesized one); `flagOf`: how a field is named on the command line;
 * `bare`: the fields given by a switch (`--all`), named without a value.
 */
export function fillForm(def: FormDefinition, values: Values, given: ReadonlySet<string>, flagOf: (field: string) => string, bare?: (field: string) => boolean): { request: BuiltRequest } | { usage: string } {
  const errors: string[] = [];
  // A flag given is quoted with its value; one not given is said so, with the value the form holds for it
  // where it holds one (read from the transaction or the relayer): never `--speed ""` for a flag left out.
  const named = (f: FieldSpec | undefined, name: string, msg: string) => {
    const v = values[name] ?? '';
    const quoted = !f || holdsSecret(f) || bare?.(name) ? '' : JSON.stringify(v.length > 60 ? `${v.slice(0, 60)}…` : v);
    if (!given.has(name)) return `${flagOf(name)} (not given${v === '' || !quoted ? '' : `; ${quoted} as read`}): ${msg}`;
    return `${flagOf(name)}${quoted ? ` ${quoted}` : ''}: ${msg}`;
  };
  for (const f of def.fields) {
    if (f.hidden?.(values)) continue;
    const v = values[f.name] ?? '';
    // An option in parentheses (`(none)`) is the field left unset: no flag names it.
    const options = f.options?.filter((x) => !/^\(.*\)$/.test(x)) ?? [];
    const msg = f.kind === 'choice' && !f.takesAny && given.has(f.name) && !options.includes(v) ? `must be one of ${options.join(', ')}` : f.validate?.(v, values);
    if (msg) errors.push(named(f, f.name, msg));
  }
  if (errors.length) return { usage: errors.join('; ') };
  const built = def.build(values);
  // The builder's errors named as the field checks' are: the flag and what was given.
  if ('errors' in built) return { usage: Object.entries(built.errors).map(([k, m]) => (k === '_form' ? m : named(def.fields.find((f) => f.name === k), k, m))).join('; ') };
  return built;
}
