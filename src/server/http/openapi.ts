import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import type { Config } from '#server/config.ts';
import { sessionCookieName } from '#server/features/auth/authenticate.ts';

type TransformInput = Parameters<typeof jsonSchemaTransform>[0];

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
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs', staticCSP: true });
}
