import xterm from '@xterm/headless';
import * as pty from 'node-pty';
const env = { ...process.env, TERM: 'xterm-256color', ...JSON.parse(process.argv[2] || '{}') };
const p = pty.spawn(process.execPath, ['dist/cli.js'], { cols: 100, rows: 30, cwd: process.cwd(), env });
let raw = '';
p.onData((d) => { raw += d; });
p.onExit((e) => { console.log('exit', e); process.exit(0); });
setTimeout(() => { console.log(/Sepolia Main/.test(raw), raw.match(/✗[^\x1b]*/)?.[0]); p.write('q'); }, 2500);
