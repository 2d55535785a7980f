// The floor of a stream: a relayer's transactions GET raw, 100 a page, 2 requests in flight on
// keep-alive connections, each body written to stdout untouched, in page order. No client can stream
// them faster than this on the same Node and server.
//   RELAYER_URL=… RELAYER_API_KEY=… node bench/floor/pages.cjs RELAYER_ID TOTAL
const http = require('node:http');
const [relayer, total] = [process.argv[2], Number(process.argv[3])];
const base = `${process.env.RELAYER_URL.replace(/\/*$/, '')}/api/v1/relayers/${encodeURIComponent(relayer)}/transactions`;
const agent = new http.Agent({ keepAlive: true, maxSockets: 2 });
const headers = { authorization: `Bearer ${process.env.RELAYER_API_KEY}` };
const get = (page) => new Promise((resolve, reject) => {
  http.get(`${base}?page=${page}&per_page=100`, { agent, headers }, (res) => {
    const chunks = [];
    res.on('data', (c) => chunks.push(c)).on('end', () => resolve(Buffer.concat(chunks))).on('error', reject);
  }).on('error', reject);
});
(async () => {
  const pages = Math.ceil(total / 100);
  let next = get(1);
  for (let page = 1; page <= pages; page++) {
    const body = next;
    if (page < pages) next = get(page + 1);
    const b = await body;
    if (!process.stdout.write(b)) await new Promise((r) => process.stdout.once('drain', r));
  }
  agent.destroy();
})();
