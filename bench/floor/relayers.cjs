// The floor of a start: what any client must do to show the relayers — a bare Node script that GETs
// the first page over node:http and prints a line per relayer. `npm run bench` (its floor section)
// times every start of the CLI against this one, interleaved, on the same Node and server.
//   RELAYER_URL=… RELAYER_API_KEY=… node bench/floor/relayers.cjs
const http = require('node:http');
const url = new URL('api/v1/relayers?page=1&per_page=50', `${process.env.RELAYER_URL.replace(/\/*$/, '')}/`);
http.get(url, { headers: { authorization: `Bearer ${process.env.RELAYER_API_KEY}` } }, (res) => {
  let body = '';
  res.setEncoding('utf8');
  res.on('data', (chunk) => (body += chunk));
  res.on('end', () => {
    for (const r of JSON.parse(body).data) process.stdout.write(`${r.id}\t${r.name}\n`);
  });
});
