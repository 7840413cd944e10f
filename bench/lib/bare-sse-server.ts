// The floor for bench/live-stream.ts: a bare node:http server holding event streams by group
// (GET /events?g=<id>) and writing one event to every stream of a group per POST /post?g=<id>.
import http from 'node:http';

const streams = new Map<number, Set<http.ServerResponse>>();

const server = http.createServer((request, response) => {
  const url = new URL(request.url ?? '/', 'http://x');
  const groupId = Number(url.searchParams.get('g'));
  if (url.pathname === '/events') {
    response.writeHead(200, {
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-cache',
    });
    response.write('retry: 3000\n\n');
    const set = streams.get(groupId) ?? new Set();
    streams.set(groupId, set);
    set.add(response);
    request.on('close', () => set.delete(response));
    return;
  }
  if (url.pathname === '/post') {
    const text = `data: ${JSON.stringify({ scope: 'group', groupId, topic: 'messages' })}\n\n`;
    for (const stream of streams.get(groupId) ?? []) stream.write(text);
    response.writeHead(204).end();
    return;
  }
  response.writeHead(200, { 'content-type': 'application/json' }).end('{"status":"ok"}');
});

function stop() {
  server.close(() => process.exit(0));
  server.closeAllConnections();
}
process.once('SIGINT', stop);
process.once('SIGTERM', stop);

server.listen(Number(process.env.PORT ?? 0), process.env.HOST ?? '127.0.0.1');
