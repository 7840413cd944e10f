import type { FastifyRequest } from 'fastify';

/**
 * The site's address as people reach it: PUBLIC_URL when the operator set it, otherwise the origin the
 * request came to (behind a proxy, TRUST_PROXY makes that the public one). Links in emails and the
 * public pages' canonical URLs start with it.
 */
export function publicOrigin(request: FastifyRequest): string {
  const configured = request.server.ctx.config.email.publicUrl;
  return configured ?? `${request.protocol}://${request.host}`;
}
