import pty from 'node-pty';
const runs = [];
for (let i = 0; i < 7; i++) {
  runs.push(await new Promise((res) => {
    const t0 = performance.now();
    const p = pty.spawn(process.execPath, ['dist/cli.js'], { cols: 100, rows: 30, cwd: '/work/main', env: process.env });
    let buf = '', done = false, t;
    p.onData((d) => { buf += d; if (!done && buf.includes('Sepolia Main')) { done = true; t = performance.now() - t0; p.write('q'); } });
    p.onExit(() => res(Math.round(t)));
  }));
}
console.log(runs.sort((a,b)=>a-b));
