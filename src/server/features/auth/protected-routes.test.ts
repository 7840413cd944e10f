import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  allowsType,
  apiOperations,
  type Operation,
  type Request,
  urlOf,
} from '#server/test/api-operations.ts';
import { publicOperations, routeExamples } from '#server/test/route-examples.ts';
import { createTestApp, testEngines } from '#server/test/test-app.ts';

/** Every parameter out of range (ids start at 1, text may not hold NUL), and a body no route accepts. */
function invalidRequest(operation: Operation): Request {
  const values = (where: 'path' | 'query') =>
    Object.fromEntries(
      operation.params
        .filter((p) => p.in === where)
        .map((p) => [p.name, allowsType(p.schema, 'number') ? 0 : 'bad\u0000value']),
    );
  return {
    params: values('path'),
    query: values('query'),
    ...(operation.body ? { body: { notAField: '\u0000', '\u0000': 2_147_483_648 } } : {}),
  };
}

/**
 * Finding 4 of issue 10: the sign-in check ran after body validation, so an anonymous caller learnt
 * what a route accepts from its 400s. Every documented route except the public few answers an
 * anonymous request with invalid parameters and body 401, before looking at either; the public
 * ones are exactly the expected list, so a new route needs a session unless it is added there.
 */
describe.each(testEngines)('anonymous callers are turned away before validation, on %s', (engine) => {
  let t: Awaited<ReturnType<typeof createTestApp>>;
  let operations: Operation[];
  beforeAll(async () => {
    t = await createTestApp(engine);
    operations = apiOperations(t.app);
  });
  afterAll(() => t.close());

  const anonymous = (operation: Operation) => {
    const request = invalidRequest(operation);
    return t.app.inject({
      method: operation.method,
      url: urlOf(operation, request),
      ...(request.body !== undefined ? { payload: request.body as object } : {}),
    });
  };

  it.each(Object.keys(routeExamples))('%s', async (key) => {
    const operation = operations.find((o) => o.key === key);
    if (!operation) return;
    const reply = await anonymous(operation);
    if (publicOperations.has(key)) {
      // Public: the request is judged on its own (refused as invalid when it has anything to check).
      expect(reply.statusCode, reply.body).not.toBe(401);
      if (operation.body || operation.params.length > 0) expect(reply.statusCode, reply.body).toBe(400);
    } else {
      expect(reply.statusCode, reply.body).toBe(401);
      expect(reply.json().code).toBe('UNAUTHORIZED');
    }
  });

  it('walks every documented route', () => {
    expect(operations.map((o) => o.key).filter((k) => !routeExamples[k])).toEqual([]);
  });
});
