/** The sandbox's options (shell completion offers the same). */
export const SANDBOX_OPTIONS = {
  host: { type: 'string' },
  port: { type: 'string' },
  token: { type: 'string' },
  latency: { type: 'string' },
  'answer-delay': { type: 'string' },
  'rate-limit': { type: 'string' },
  flavor: { type: 'string' },
  advance: { type: 'string' },
  'block-time': { type: 'string' },
  'time-scale': { type: 'string' },
  'gas-spike': { type: 'string', multiple: true },
  'gap-filler': { type: 'string' },
  fleet: { type: 'string' },
  relayers: { type: 'string' },
  ready: { type: 'string' },
  help: { type: 'boolean', short: 'h' },
} as const;
