import type { FastifyError, FastifyInstance, FastifyReply } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { AppError } from '#server/core/errors.ts';
import { databaseFacts } from '#server/logging/safe-error.ts';
import { type ApiErrorBody, type ErrorCode, errorCatalog } from '#shared/errors.ts';
import { validationText } from '#shared/messages.ts';

function send(reply: FastifyReply, code: ErrorCode, message?: string, issues?: ApiErrorBody['issues']) {
  const text = message ?? errorCatalog[code].message;
  const body: ApiErrorBody = { success: false, code, message: text, error: text };
  if (issues) body.issues = issues;
  return reply.status(errorCatalog[code].status).send(body);
}

/** Fastify's own client errors (bad JSON, wrong content type, too large) keep their 4xx meaning. */
function codeForClientError(error: FastifyError): ErrorCode {
  if (error.statusCode === 413) return 'PAYLOAD_TOO_LARGE';
  if (error.statusCode === 415) return 'UNSUPPORTED_MEDIA_TYPE';
  if (error.statusCode === 429) return 'TOO_MANY_REQUESTS';
  if (error.statusCode === 404) return 'NOT_FOUND';
  return 'VALIDATION_ERROR';
}

export function registerErrorHandling(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof AppError) {
      if (error.headers) reply.headers(error.headers);
      return send(reply, error.code, error.message);
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const issues = error.validation.map((issue) => ({
        path: issue.instancePath.replace(/^\//, '').replaceAll('/', '.'),
        message: validationText(issue.message ?? ''),
        key: issue.message ?? 'invalidInput',
      }));
      return send(reply, 'VALIDATION_ERROR', issues[0]?.message, issues);
    }
    if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
      const code = codeForClientError(error);
      return send(
        reply,
        code,
        code === 'VALIDATION_ERROR' ? errorCatalog.VALIDATION_ERROR.message : undefined,
      );
    }
    if (error.statusCode === 503) return send(reply, 'SERVICE_UNAVAILABLE');
    // The logger's err serializer keeps the statement's values out (logging/safe-error.ts); the
    // database's facts (SQLSTATE, table, constraint) go on the line itself for searching.
    request.log.error(
      { err: error, code: 'INTERNAL_ERROR', route: request.routeOptions.url, db: databaseFacts(error) },
      'unhandled error',
    );
    return send(reply, 'INTERNAL_ERROR');
  });
}

export function sendNotFound(reply: FastifyReply) {
  return send(reply, 'NOT_FOUND');
}
