import { connect, type Socket } from 'node:net';

export type RawReply = { status: number; headers: Record<string, string>; body: string };

function opened(port: number): Promise<Socket> {
  return new Promise((resolve, reject) => {
    const socket = connect({ host: '127.0.0.1', port }, () => resolve(socket));
    socket.once('error', reject);
  });
}

function parse(raw: string): RawReply {
  const [head = '', body = ''] = raw.split('\r\n\r\n', 2);
  const [statusLine = '', ...lines] = head.split('\r\n');
  const headers = Object.fromEntries(
    lines.map((line) => {
      const at = line.indexOf(':');
      return [line.slice(0, at).trim().toLowerCase(), line.slice(at + 1).trim()];
    }),
  );
  return { status: Number(statusLine.split(' ')[1]), headers, body };
}

/**
 * `count` GET requests that reach the server at the same moment: every connection is opened first,
 * then all requests are written at once, the way a flood from one client arrives (fetch would
 * trickle them in as connections open).
 */
export async function simultaneousGets(
  baseUrl: string,
  path: string,
  headers: Record<string, string>,
  count: number,
): Promise<RawReply[]> {
  const { port } = new URL(baseUrl);
  const sockets = await Promise.all(Array.from({ length: count }, () => opened(Number(port))));
  const extra = Object.entries(headers)
    .map(([name, value]) => `${name}: ${value}\r\n`)
    .join('');
  const request = `GET ${path} HTTP/1.1\r\nhost: 127.0.0.1:${port}\r\n${extra}connection: close\r\n\r\n`;
  const replies = sockets.map(
    (socket) =>
      new Promise<RawReply>((resolve, reject) => {
        let raw = '';
        socket.setEncoding('utf8');
        socket.on('data', (chunk) => {
          raw += chunk;
        });
        socket.once('error', reject);
        socket.once('end', () => resolve(parse(raw)));
      }),
  );
  for (const socket of sockets) socket.write(request);
  return Promise.all(replies);
}
