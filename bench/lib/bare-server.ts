// The baseline: a bare node:http server answering {"status":"ok"} on every path.
import http from 'node:http';

const body = JSON.stringify({ status: 'ok' });
const length = String(Buffer.byteLength(body));

const server = http.createServer((_request, response) => {
  response.writeHead(200, { 'content-type': 'application/json; charset=utf-8', 'content-length': length });
  response.end(body);
});

function stop() {
  server.close(() => process.exit(0));
  server.closeAllConnections();
}
process.once('SIGINT', stop);
process.once('SIGTERM', stop);

server.listen(Number(process.env.PORT ?? 0), process.env.HOST ?? '127.0.0.1');
