/** The baseline: a bare node:http server answering a small JSON body. */
import http from 'node:http';

const server = http.createServer((_req, res) => {
  res.writeHead(200, { 'content-type': 'application/json' });
  res.end('{"hello":"world"}');
});
server.listen(0, '127.0.0.1', () => {
  process.send!({ port: (server.address() as { port: number }).port });
});
process.on('SIGTERM', () => server.close(() => process.exit(0)));
