// The floor for a read page (issue 18): a bare node:http server that runs exactly the statements the
// page's route runs, with the same parameters, on a pg pool of the same size, and answers the JSON the
// database produced without parsing it. No framework, session or shaping: the database's own cost.
// Run by bench/data.ts: BENCH_FLOOR_DATABASE_URL, BENCH_FLOOR_STATEMENTS (a JSON file: path → the
// captured statements, from bench/lib/explain.ts's captureQueries).
import { readFileSync } from 'node:fs';
import http from 'node:http';
import pg from 'pg';
import type { CapturedQuery } from './explain.ts';

const statements = JSON.parse(readFileSync(process.env.BENCH_FLOOR_STATEMENTS!, 'utf8')) as Record<
  string,
  CapturedQuery[]
>;
const pool = new pg.Pool({ connectionString: process.env.BENCH_FLOOR_DATABASE_URL, max: 20 });
pool.on('error', () => {});
// The JSON the statements build stays text, as the database sent it.
const asText = (value: string) => value;
const types = {
  getTypeParser: (oid: number, format?: 'text' | 'binary') =>
    oid === 114 || oid === 3802 ? asText : pg.types.getTypeParser(oid, format),
};

/** Each statement prepared once per connection under its own name, as the app's are. */
const named = Object.fromEntries(
  Object.entries(statements).map(([route, queries]) => [
    route,
    queries.map((query, i) => ({ name: `floor_${route.replace(/\W/g, '_')}_${i}`, ...query })),
  ]),
);

const server = http.createServer(async (request, response) => {
  if (request.url === '/api/health') {
    response.writeHead(200, { 'content-type': 'application/json' });
    response.end('{"status":"ok"}');
    return;
  }
  const queries = named[request.url ?? ''];
  if (!queries) {
    response.writeHead(404).end();
    return;
  }
  try {
    const parts: string[] = [];
    for (const query of queries) {
      const result = await pool.query({
        name: query.name,
        text: query.sql,
        values: query.params as unknown[],
        rowMode: 'array',
        types,
      });
      parts.push(String(result.rows[0]?.[0] ?? 'null'));
    }
    const body = parts.length === 1 ? parts[0]! : `[${parts.join(',')}]`;
    response.writeHead(200, {
      'content-type': 'application/json',
      'content-length': Buffer.byteLength(body),
    });
    response.end(body);
  } catch (error) {
    response.writeHead(500).end((error as Error).message);
  }
});

function stop() {
  server.close(() => void pool.end().finally(() => process.exit(0)));
  server.closeAllConnections();
}
process.once('SIGINT', stop);
process.once('SIGTERM', stop);

server.listen(Number(process.env.PORT ?? 0), process.env.HOST ?? '127.0.0.1');
