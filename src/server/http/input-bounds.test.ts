import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  allowsType,
  alternatives,
  apiOperations,
  type Operation,
  type Request,
  type SchemaNode,
  urlOf,
} from '#server/test/api-operations.ts';
import type { Person } from '#server/test/circles.ts';
import { databaseFingerprint } from '#server/test/db-fingerprint.ts';
import { signUp } from '#server/test/http-helpers.ts';
import { anyIds, publicOperations, routeExamples } from '#server/test/route-examples.ts';
import { createTestApp, testEngines } from '#server/test/test-app.ts';

/** One more than PostgreSQL's `integer` holds. */
const BEYOND_INTEGER = 2_147_483_648;

const withNul = (example: unknown) =>
  typeof example === 'string' && example.length > 1
    ? `${example.slice(0, 1)}\u0000${example.slice(1)}`
    : 'walk\u0000text';

type Mutation = { where: 'body' | 'path' | 'query'; path: (string | number)[]; value: unknown };

/** For each string a value with NUL in it, for each number one beyond `integer`; nested ones too. */
function* leafMutations(
  schema: SchemaNode,
  example: unknown,
  path: (string | number)[],
): Generator<Mutation> {
  for (const node of alternatives(schema)) {
    if (node.properties || (typeof node.additionalProperties === 'object' && node.additionalProperties)) {
      const known = Object.keys(node.properties ?? {});
      const extra =
        typeof node.additionalProperties === 'object' && example && typeof example === 'object'
          ? Object.keys(example).filter((k) => !known.includes(k))
          : [];
      for (const key of [...known, ...extra]) {
        const child = node.properties?.[key] ?? (node.additionalProperties as SchemaNode);
        yield* leafMutations(child, (example as Record<string, unknown> | undefined)?.[key], [...path, key]);
      }
    }
    const items = node.prefixItems?.[0] ?? (Array.isArray(node.items) ? node.items[0] : node.items);
    if (items) yield* leafMutations(items, Array.isArray(example) ? example[0] : undefined, [...path, 0]);
  }
  if (path.length === 0) return;
  if (allowsType(schema, 'string')) yield { where: 'body', path, value: withNul(example) };
  if (allowsType(schema, 'number')) yield { where: 'body', path, value: BEYOND_INTEGER };
}

function* mutationsOf(operation: Operation, example: Request): Generator<Mutation> {
  for (const param of operation.params) {
    const current = param.in === 'path' ? example.params?.[param.name] : example.query?.[param.name];
    if (allowsType(param.schema, 'string'))
      yield { where: param.in, path: [param.name], value: withNul(current) };
    if (allowsType(param.schema, 'number'))
      yield { where: param.in, path: [param.name], value: BEYOND_INTEGER };
  }
  if (operation.body)
    for (const m of leafMutations(operation.body, example.body, [])) yield { ...m, where: 'body' };
}

function applyMutation(example: Request, mutation: Mutation): Request {
  const request = structuredClone(example);
  if (mutation.where !== 'body') {
    const key = mutation.where === 'path' ? 'params' : 'query';
    request[key] = { ...request[key], [String(mutation.path[0])]: mutation.value as string };
    return request;
  }
  request.body ??= {};
  let target = request.body as Record<string | number, unknown>;
  for (const [i, step] of mutation.path.entries()) {
    if (i === mutation.path.length - 1) target[step] = mutation.value;
    else {
      target[step] ??= typeof mutation.path[i + 1] === 'number' ? [] : {};
      target = target[step] as Record<string | number, unknown>;
    }
  }
  return request;
}

/**
 * Finding 2 of issue 10: text the database cannot hold (NUL) and numbers beyond PostgreSQL's
 * `integer` crashed routes with a 500. Every documented route, every string and number field of its
 * path, query and body, nested ones included, is sent with such a value on an otherwise well-formed
 * request by a signed-in user: the answer is 400 naming that field, and nothing changes.
 */
describe.each(testEngines)('text and numbers the database cannot hold, on %s', (engine) => {
  let t: Awaited<ReturnType<typeof createTestApp>>;
  let operations: Operation[];
  let caller: Person;

  beforeAll(async () => {
    t = await createTestApp(engine);
    operations = apiOperations(t.app);
    caller = await signUp(t.app);
  });
  afterAll(() => t.close());

  it('has a well-formed example for every documented route, and none for a route that is gone', () => {
    const keys = operations.map((o) => o.key).sort();
    expect(keys.filter((k) => !routeExamples[k])).toEqual([]);
    expect(Object.keys(routeExamples).filter((k) => !keys.includes(k))).toEqual([]);
  });

  it.each(Object.keys(routeExamples))('%s: refused with 400 and nothing changes', async (key) => {
    const operation = operations.find((o) => o.key === key);
    if (!operation) return;
    const example = routeExamples[key]!({ ...anyIds, self: caller.id });
    const before = await databaseFingerprint(t.db);
    const wrong: string[] = [];
    let tried = 0;
    for (const mutation of mutationsOf(operation, example)) {
      tried += 1;
      const request = applyMutation(example, mutation);
      const reply = await t.app.inject({
        method: operation.method,
        url: urlOf(operation, request),
        // Signing in or up replaces the session it is sent with: those go without one.
        headers: publicOperations.has(key) ? {} : caller.auth,
        ...(request.body !== undefined ? { payload: request.body as object } : {}),
      });
      const field = mutation.path.join('.');
      const body = reply.json();
      const issues: string[] = (body.issues ?? []).map((i: { path: string }) => i.path);
      if (
        reply.statusCode !== 400 ||
        body.code !== 'VALIDATION_ERROR' ||
        issues.length === 0 ||
        issues.some((p) => p !== field)
      )
        wrong.push(
          `${mutation.where} ${field}=${JSON.stringify(mutation.value)}: ${reply.statusCode} ${reply.body}`,
        );
    }
    expect(wrong).toEqual([]);
    expect(await databaseFingerprint(t.db)).toEqual(before);
    if (operation.params.length > 0 || operation.body) expect(tried).toBeGreaterThan(0);
  });
});
