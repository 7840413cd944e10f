import type { FastifyInstance } from 'fastify';
import type { Logger } from 'pino';

/**
 * One line per answered request, in place of Fastify's two ("incoming request", "request completed"),
 * which cost a signed-in request as much as the rest of its work at `info` (decision 0057). Its fields
 * are the request id, the request as `requestLine` writes it (route pattern, numeric ids, address),
 * the status and the time: none can carry a secret, so the line skips the redaction that every other
 * line pays and that was most of the cost.
 */
export function registerAccessLog(app: FastifyInstance, logger: Logger) {
  const access = logger.child({}, { redact: [] });
  app.addHook('onResponse', (request, reply, done) => {
    if (access.isLevelEnabled('info'))
      access.info(
        {
          reqId: request.id,
          req: request,
          res: { statusCode: reply.statusCode },
          responseTime: reply.elapsedTime,
        },
        'request completed',
      );
    done();
  });
}
