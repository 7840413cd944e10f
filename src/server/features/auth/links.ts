import type { FastifyRequest } from 'fastify';

/**
 * The address links in emails start with: PUBLIC_URL when the operator set it, otherwise the origin
 * the request came to (behind a proxy, TRUST_PROXY makes that the public one).
 */
export function linkBase(request: FastifyRequest): string {
  const configured = request.server.ctx.config.email.publicUrl;
  return configured ?? `${request.protocol}://${request.host}`;
}

export const linkTo = (base: string, page: string, token: string) =>
  `${base}/${page}?token=${encodeURIComponent(token)}`;
