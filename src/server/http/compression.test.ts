import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { requireUser } from '#server/features/auth/authenticate.ts';
import { claimIdempotencyKey } from '#server/http/idempotency.ts';
import { signUp } from '#server/test/http-helpers.ts';
import { createTestApp } from '#server/test/test-app.ts';
import { compressWebAssets } from '../../../scripts/lib/compress-web.ts';

const decoders: Record<string, (bytes: Buffer) => Buffer> = { br: brotliDecompressSync, gzip: gunzipSync };

/** The reply's bytes as the client reads them after undoing its Content-Encoding. */
function decoded(reply: { headers: Record<string, unknown>; rawPayload: Buffer }): Buffer {
  const encoding = reply.headers['content-encoding'] as string | undefined;
  return encoding ? decoders[encoding]!(reply.rawPayload) : reply.rawPayload;
}

const inject = (app: FastifyInstance, url: string, headers: Record<string, string> = {}) =>
  app.inject({ method: 'GET', url, headers });

/** A built web app in miniature: a hashed asset, the service worker and the page. */
function miniatureWebApp() {
  const webDir = mkdtempSync(path.join(tmpdir(), 'savecircle-web-'));
  mkdirSync(path.join(webDir, 'assets'));
  // Repetitive, like real code, so that compression pays.
  const script = Array.from({ length: 400 }, (_, i) => `export const value${i} = "${i % 7}";`).join('\n');
  writeFileSync(path.join(webDir, 'assets', 'index-Bx7c1d2e.js'), script);
  writeFileSync(path.join(webDir, 'sw.js'), `self.addEventListener('fetch', () => {});\n${script}`);
  writeFileSync(
    path.join(webDir, 'index.html'),
    `<!doctype html><html><head><title>SaveCircle</title></head><body>${'<div></div>'.repeat(100)}</body></html>`,
  );
  // Too small to be worth compressing: no .br or .gz copy.
  writeFileSync(path.join(webDir, 'robots.txt'), 'User-agent: *\nAllow: /\n');
  // Incompressible: served as it is.
  writeFileSync(path.join(webDir, 'assets', 'noise-a1b2c3d4.js'), randomBytes(4096).toString('base64'));
  return webDir;
}

// Static files and reply compression are engine-independent: PGlite alone.
describe('compressed static files', () => {
  let webDir: string;
  let t: Awaited<ReturnType<typeof createTestApp>>;
  beforeAll(async () => {
    webDir = miniatureWebApp();
    await compressWebAssets(webDir);
    t = await createTestApp('pglite', {
      serveWeb: true,
      configure: (config) => {
        config.webDir = webDir;
      },
    });
  });
  afterAll(async () => {
    await t.close();
    rmSync(webDir, { recursive: true, force: true });
  });

  it('writes .br and .gz copies beside each file they make smaller', () => {
    const original = readFileSync(path.join(webDir, 'assets', 'index-Bx7c1d2e.js'));
    const br = readFileSync(path.join(webDir, 'assets', 'index-Bx7c1d2e.js.br'));
    expect(br.length).toBeLessThan(original.length / 4);
    expect(brotliDecompressSync(br)).toEqual(original);
    expect(gunzipSync(readFileSync(path.join(webDir, 'assets', 'index-Bx7c1d2e.js.gz')))).toEqual(original);
  });

  it.each([
    ['br', 'br'],
    ['gzip, deflate', 'gzip'],
    ['gzip;q=0.5, br;q=1', 'br'],
  ])('sends a hashed asset as the stored copy for Accept-Encoding "%s"', async (accept, encoding) => {
    const original = readFileSync(path.join(webDir, 'assets', 'index-Bx7c1d2e.js'));
    const reply = await inject(t.app, '/assets/index-Bx7c1d2e.js', { 'accept-encoding': accept });
    expect(reply.statusCode).toBe(200);
    expect(reply.headers['content-encoding']).toBe(encoding);
    expect(reply.headers['content-type']).toMatch(/^text\/javascript|^application\/javascript/);
    expect(reply.headers.vary).toMatch(/accept-encoding/i);
    expect(reply.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(reply.rawPayload.length).toBeLessThan(original.length / 4);
    expect(decoded(reply)).toEqual(original);
  });

  it('sends the file itself to a client that accepts no compression, still varying on it', async () => {
    const original = readFileSync(path.join(webDir, 'assets', 'index-Bx7c1d2e.js'));
    const reply = await inject(t.app, '/assets/index-Bx7c1d2e.js');
    expect(reply.headers['content-encoding']).toBeUndefined();
    expect(reply.headers.vary).toMatch(/accept-encoding/i);
    expect(reply.rawPayload).toEqual(original);
  });

  it('sends an incompressible asset as it is', async () => {
    const reply = await inject(t.app, '/assets/noise-a1b2c3d4.js', { 'accept-encoding': 'br, gzip' });
    expect(reply.headers.vary).toMatch(/accept-encoding/i);
    expect(decoded(reply)).toEqual(readFileSync(path.join(webDir, 'assets', 'noise-a1b2c3d4.js')));
  });

  it.each(['/', '/dashboard', '/index.html'])(
    'compresses the page at %s and has it revalidated',
    async (url) => {
      const reply = await inject(t.app, url, { 'accept-encoding': 'br' });
      expect(reply.statusCode).toBe(200);
      expect(reply.headers['content-encoding']).toBe('br');
      expect(reply.headers['content-type']).toMatch(/^text\/html/);
      expect(reply.headers['cache-control']).toBe('no-cache');
      expect(decoded(reply)).toEqual(readFileSync(path.join(webDir, 'index.html')));
      const plain = await inject(t.app, url);
      expect(plain.headers['content-encoding']).toBeUndefined();
      expect(plain.headers.vary).toMatch(/accept-encoding/i);
      expect(plain.rawPayload).toEqual(readFileSync(path.join(webDir, 'index.html')));
    },
  );

  it('sends a file without compressed copies intact, varying on Accept-Encoding', async () => {
    for (const accept of ['br', 'identity']) {
      const reply = await inject(t.app, '/robots.txt', { 'accept-encoding': accept });
      expect(reply.statusCode).toBe(200);
      expect(reply.headers.vary).toMatch(/accept-encoding/i);
      expect(decoded(reply).toString()).toBe('User-agent: *\nAllow: /\n');
    }
  });

  it('has the service worker revalidated on every visit', async () => {
    const reply = await inject(t.app, '/sw.js', { 'accept-encoding': 'gzip' });
    expect(reply.headers['content-encoding']).toBe('gzip');
    expect(reply.headers['cache-control']).toBe('no-cache');
    expect(decoded(reply)).toEqual(readFileSync(path.join(webDir, 'sw.js')));
  });
});

describe('compressed API replies', () => {
  // A keyed route whose reply is well above the threshold, to check replays against compression.
  const bigReplyRoute = async (app: FastifyInstance) => {
    app.post(
      '/api/test/big-reply',
      { preHandler: [requireUser, claimIdempotencyKey], config: { idempotent: true } },
      async () => ({
        rows: Array.from({ length: 200 }, (_, i) => ({ id: i, note: randomBytes(4).toString('hex') })),
      }),
    );
  };
  let t: Awaited<ReturnType<typeof createTestApp>>;
  beforeAll(async () => {
    t = await createTestApp('pglite', { extraRoutes: [bigReplyRoute] });
  });
  afterAll(() => t.close());

  it.each(['br', 'gzip'])('compresses a large JSON reply with %s', async (encoding) => {
    const plain = await inject(t.app, '/api/docs/json');
    expect(plain.rawPayload.length).toBeGreaterThan(10_000);
    const reply = await inject(t.app, '/api/docs/json', { 'accept-encoding': encoding });
    expect(reply.headers['content-encoding']).toBe(encoding);
    expect(reply.headers.vary).toMatch(/accept-encoding/i);
    expect(reply.rawPayload.length).toBeLessThan(plain.rawPayload.length / 4);
    expect(JSON.parse(decoded(reply).toString('utf8'))).toEqual(plain.json());
  });

  it('leaves a small reply alone', async () => {
    const reply = await inject(t.app, '/api/health', { 'accept-encoding': 'br, gzip' });
    expect(reply.statusCode).toBe(200);
    expect(reply.headers['content-encoding']).toBeUndefined();
    expect(reply.json()).toEqual({ status: 'ok', database: 'pglite' });
  });

  it('replays an Idempotency-Key reply byte for byte, whatever encoding each attempt accepts', async () => {
    const person = await signUp(t.app);
    const headers = { ...person.auth, 'idempotency-key': 'big-reply-1' };
    const send = (extra: Record<string, string>) =>
      t.app.inject({
        method: 'POST',
        url: '/api/test/big-reply',
        payload: {},
        headers: { ...headers, ...extra },
      });
    const first = await send({ 'accept-encoding': 'br' });
    expect(first.statusCode).toBe(200);
    expect(first.headers['content-encoding']).toBe('br');
    const firstBytes = decoded(first);
    const replayGzip = await send({ 'accept-encoding': 'gzip' });
    const replayPlain = await send({});
    expect(replayGzip.headers['idempotent-replayed']).toBe('true');
    expect(replayGzip.headers['content-encoding']).toBe('gzip');
    expect(decoded(replayGzip)).toEqual(firstBytes);
    expect(replayPlain.headers['idempotent-replayed']).toBe('true');
    expect(replayPlain.headers['content-encoding']).toBeUndefined();
    expect(replayPlain.rawPayload).toEqual(firstBytes);
  });

  it('does not inflate compressed request bodies: the body limit counts what is parsed', async () => {
    const reply = await t.app.inject({
      method: 'POST',
      url: '/api/newsletter-signup',
      headers: { 'content-type': 'application/json', 'content-encoding': 'gzip' },
      payload: gzipSync(JSON.stringify({ email: 'inflated@example.org' })),
    });
    expect(reply.statusCode).toBe(400);
  });
});
