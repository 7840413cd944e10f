import fastifyCompress from '@fastify/compress';
import type { FastifyInstance } from 'fastify';

/**
 * Replies of 1 KB and more are compressed (brotli at its fast level 4, or gzip) for clients that accept
 * it; smaller ones are not worth the CPU. Static files arrive compressed already (web-app.ts) and pass
 * untouched, and event streams are never compressed (the plugin's default types). Registered after the
 * Idempotency-Key hook, so the stored reply is the JSON text and a replay is encoded like any reply.
 * Compressed request bodies are refused rather than inflated past the body limit.
 */
export async function registerCompression(app: FastifyInstance) {
  await app.register(fastifyCompress, {
    global: true,
    globalDecompression: false,
    encodings: ['br', 'gzip'],
    threshold: 1024,
  });
}
