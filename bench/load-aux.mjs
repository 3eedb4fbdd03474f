// Helper processes of bench/load.bench.mjs, each printing its port on stdout once listening (loopback only):
//   node bench/load-aux.mjs hello               a bare node:http server answering a fixed JSON (the ceiling)
//   node bench/load-aux.mjs proxy P1 P2 P3 …    a round-robin HTTP proxy to 127.0.0.1:P1, P2, … (keep-alive)
import http from 'node:http';

const [mode, ...ports] = process.argv.slice(2);
const BODY = Buffer.from(JSON.stringify({ code: 200, success: true, data: { hello: 'world' }, msg: 'ok' }));
let server;
if (mode === 'hello') {
  server = http.createServer((req, res) => {
    req.resume();
    req.on('end', () => res.writeHead(200, { 'content-type': 'application/json', 'content-length': BODY.length }).end(BODY));
  });
} else if (mode === 'proxy' && ports.length) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: Infinity });
  let next = 0;
  server = http.createServer((req, res) => {
    const port = Number(ports[next++ % ports.length]);
    const up = http.request({ host: '127.0.0.1', port, method: req.method, path: req.url, headers: req.headers, agent }, (r) => {
      res.writeHead(r.statusCode, r.headers);
      r.pipe(res);
    });
    up.on('error', () => {
      if (!res.headersSent) res.writeHead(502);
      res.end();
    });
    req.pipe(up);
  });
} else {
  console.error('usage: load-aux.mjs hello | proxy PORT…');
  process.exit(2);
}
server.keepAliveTimeout = 60_000;
server.listen(0, '127.0.0.1', () => console.log(server.address().port));
process.on('SIGTERM', () => process.exit(0));
