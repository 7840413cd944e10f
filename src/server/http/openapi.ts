import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import type { Config } from '#server/config.ts';
import { sessionCookieName } from '#server/features/auth/authenticate.ts';

type TransformInput = Parameters<typeof jsonSchemaTransform>[0];
type Operation = { responses?: Record<string, { content?: Record<string, unknown> }> };

const EVENT_STREAM = 'text/event-stream';

/**
 * A route that `produces` an event stream (GET /api/events) and JSON: Fastify's swagger lists both
 * media types for every reply, so the success reply keeps only the stream and the errors only JSON.
 */
function separateEventStreams(document: { paths?: Record<string, Record<string, Operation>> }) {
  for (const byMethod of Object.values(document.paths ?? {})) {
    for (const operation of Object.values(byMethod)) {
      for (const [code, reply] of Object.entries(operation.responses ?? {})) {
        const content = reply.content;
        if (!content || !(EVENT_STREAM in content) || Object.keys(content).length < 2) continue;
        const keep = code.startsWith('2') ? EVENT_STREAM : 'application/json';
        reply.content = { [keep]: content[keep] };
      }
    }
  }
  return document;
}

/**
 * The OpenAPI document at /api/docs/json, from the routes' zod schemas (replies included, decision
 * 0022). Every operation needs the session, sent as the cookie the browser holds or as a Bearer
 * token (features/auth/authenticate.ts), except those marked `config: { public: true }`.
 */
export async function registerOpenApi(app: FastifyInstance, config: Pick<Config, 'isProduction'>) {
  await app.register(swagger, {
    openapi: {
      info: { title: 'SaveCircle API', version: '1.0.0' },
      components: {
        securitySchemes: {
          sessionCookie: { type: 'apiKey', in: 'cookie', name: sessionCookieName(config) },
          bearerToken: { type: 'http', scheme: 'bearer' },
        },
      },
      security: [{ sessionCookie: [] }, { bearerToken: [] }],
    },
    transform: (input: TransformInput) => {
      const transformed = jsonSchemaTransform(input);
      if (!input.route.config?.public) return transformed;
      return { ...transformed, schema: { ...transformed.schema, security: [] } };
    },
    transformObject: (documents) =>
      separateEventStreams(
        ('openapiObject' in documents ? documents.openapiObject : documents.swaggerObject) as never,
      ),
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs', staticCSP: true });
}
