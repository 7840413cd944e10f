import http from 'node:http';

// biome-ignore lint/suspicious/noExplicitAny: the test reads JSON replies and checks their shape itself.
export type HttpReply = { status: number; json: any; text: string };

/**
 * One JSON request on its own connection. No keep-alive pool: after a SIGKILL a pooled socket to the
 * dead server would turn the next server's first requests into spurious failures.
 */
export function sendJson(
  baseUrl: string,
  method: 'GET' | 'POST',
  path: string,
  body?: unknown,
  headers: Record<string, string> = {},
): Promise<HttpReply> {
  const payload = body === undefined ? undefined : JSON.stringify(body);
  return new Promise((resolve, reject) => {
    const request = http.request(
      new URL(path, baseUrl),
      {
        method,
        agent: false,
        headers: {
          connection: 'close',
          ...(payload === undefined
            ? {}
            : { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) }),
          ...headers,
        },
        // A request waits at most 10 s for another's claim; anything longer is a hung server.
        timeout: 30_000,
      },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('error', reject);
        response.on('end', () => {
          const text = Buffer.concat(chunks).toString('utf8');
          let json: unknown = null;
          try {
            json = text ? JSON.parse(text) : null;
          } catch {}
          resolve({ status: response.statusCode ?? 0, json, text });
        });
      },
    );
    request.on('timeout', () => request.destroy(new Error(`${method} ${path} timed out`)));
    request.on('error', reject);
    request.end(payload);
  });
}

/** As sendJson, but any reply other than `expected` is an error naming the route and the reply. */
export async function expectReply(
  expected: number,
  ...args: Parameters<typeof sendJson>
): Promise<HttpReply> {
  const reply = await sendJson(...args);
  if (reply.status !== expected)
    throw new Error(`${args[1]} ${args[2]} answered ${reply.status}, expected ${expected}: ${reply.text}`);
  return reply;
}
