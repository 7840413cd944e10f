import type { FastifyError, FastifyInstance, FastifyRequest } from 'fastify';
import { recordAudit } from '#server/core/audit-log.ts';
import { AppError } from '#server/core/errors.ts';
import { safeError } from '#server/logging/safe-error.ts';

/** Route parameters worth keeping: the numeric ids that say what was reached for (never codes). */
function idParams(request: FastifyRequest) {
  const params = (request.params ?? {}) as Record<string, unknown>;
  const ids = Object.entries(params).filter(
    ([, value]) => typeof value === 'number' || (typeof value === 'string' && /^\d{1,15}$/.test(value)),
  );
  return ids.length > 0 ? Object.fromEntries(ids.map(([key, value]) => [key, Number(value)])) : undefined;
}

/**
 * A signed-in person refused by authorization (403: not a member, not an admin, someone else's
 * resource or user id; 404: a group, escrow, withdrawal… that is not theirs to see) leaves an
 * `access_refused` audit row: who, from where, the route's pattern (`POST /api/groups/:groupId/freeze`,
 * never the raw URL, which may carry an invite code) with its numeric ids, and the refusal's code.
 * No body, no header, no token. Signed-out callers get 401 before any of this and are not recorded
 * here (failed sign-ins have their own rows); a route that does not exist is not a refusal.
 */
export function registerRefusedAccessAudit(app: FastifyInstance) {
  app.addHook('onError', async (request, _reply, error: FastifyError) => {
    if (!(error instanceof AppError) || (error.status !== 403 && error.status !== 404)) return;
    if (error.code === 'NOT_FOUND' || !request.user || !request.routeOptions.url) return;
    const route = `${request.method} ${request.routeOptions.url}`;
    try {
      await recordAudit(request.server.ctx.database.db, {
        action: 'access_refused',
        actorUserId: request.user.id,
        subject: route,
        ip: request.ip,
        details: { code: error.code, status: error.status, params: idParams(request) },
        at: request.server.ctx.clock.now(),
      });
    } catch (err) {
      // The refusal stands either way; losing its record must not turn it into a 500.
      request.log.error({ err: safeError(err) }, 'could not record a refused access');
    }
  });
}
