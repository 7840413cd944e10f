// The framework's floor: Fastify with no plugin and no hook, answering {"status":"ok"} on GET /api/health.
import Fastify from 'fastify';

const app = Fastify({ logger: false });
app.get('/api/health', async () => ({ status: 'ok' }));

function stop() {
  void app.close().then(() => process.exit(0));
}
process.once('SIGINT', stop);
process.once('SIGTERM', stop);

await app.listen({ port: Number(process.env.PORT ?? 0), host: process.env.HOST ?? '127.0.0.1' });
