/**
 * The hostile server alone, in its own process (the bench starts it so): prints `URL TOKEN` on one
 * line once it listens. `node --import tsx test/hostile/main.ts --mode one-mb[,escapes] [--port N]`.
 */
import { parseArgs } from 'node:util';
import { startHostile } from './server.js';

const { values } = parseArgs({ options: { mode: { type: 'string', default: '' }, port: { type: 'string', default: '0' } } });
const h = await startHostile(values.mode ? values.mode.split(',') : [], { port: Number(values.port) });
process.stdout.write(`${h.url} ${h.token}\n`);
const stop = () => void h.close().then(() => process.exit(0));
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
