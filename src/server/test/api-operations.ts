import type { FastifyInstance } from 'fastify';

/** A JSON Schema node as the OpenAPI document shows it (only what the route walks read). */
export type SchemaNode = {
  type?: string | string[];
  properties?: Record<string, SchemaNode>;
  additionalProperties?: SchemaNode | boolean;
  items?: SchemaNode | SchemaNode[];
  prefixItems?: SchemaNode[];
  anyOf?: SchemaNode[];
  oneOf?: SchemaNode[];
  allOf?: SchemaNode[];
  enum?: unknown[];
  maximum?: number;
};

export type Parameter = { name: string; in: 'path' | 'query'; schema: SchemaNode };

/** One route of the API, from the OpenAPI document the app serves at /api/docs. */
export type Operation = {
  /** "POST /api/groups/{id}/join", the key of the route tables in the tests. */
  key: string;
  method: 'GET' | 'POST' | 'PUT' | 'DELETE' | 'PATCH';
  /** The OpenAPI path, parameters in braces. */
  path: string;
  params: Parameter[];
  body: SchemaNode | null;
};

type OpenApiOperation = {
  parameters?: { name: string; in: string; schema: SchemaNode }[];
  requestBody?: { content?: Record<string, { schema?: SchemaNode }> };
};

/**
 * Every documented operation of the app (hidden ones, the test clock and the signed webhook, are not
 * documented). Walking this list instead of a hand list means a new route is covered by the walks
 * the day it is added.
 */
export function apiOperations(app: FastifyInstance): Operation[] {
  const document = app.swagger() as { paths: Record<string, Record<string, OpenApiOperation>> };
  const operations: Operation[] = [];
  for (const [path, byMethod] of Object.entries(document.paths)) {
    for (const [verb, operation] of Object.entries(byMethod)) {
      const method = verb.toUpperCase() as Operation['method'];
      operations.push({
        key: `${method} ${path}`,
        method,
        path,
        params: (operation.parameters ?? [])
          .filter((p) => p.in === 'path' || p.in === 'query')
          .map((p) => ({ name: p.name, in: p.in as Parameter['in'], schema: p.schema })),
        body: operation.requestBody?.content?.['application/json']?.schema ?? null,
      });
    }
  }
  return operations;
}

/** The schema's alternatives (anyOf/oneOf), or the schema itself. */
export function alternatives(node: SchemaNode): SchemaNode[] {
  return node.anyOf ?? node.oneOf ?? node.allOf ?? [node];
}

export function allowsType(node: SchemaNode, type: 'string' | 'integer' | 'number' | 'object' | 'array') {
  return alternatives(node).some((n) => {
    const types = Array.isArray(n.type) ? n.type : [n.type];
    return types.includes(type) || (type === 'number' && types.includes('integer'));
  });
}

export type Request = {
  params?: Record<string, string | number>;
  query?: Record<string, string | number>;
  body?: unknown;
};

/** The URL of an operation with its path and query parameters filled in (percent-encoded). */
export function urlOf(operation: Operation, request: Request): string {
  const path = operation.path.replace(/\{(\w+)\}/g, (_, name: string) => {
    const value = request.params?.[name];
    if (value === undefined) throw new Error(`${operation.key}: no value for path parameter ${name}`);
    return encodeURIComponent(String(value));
  });
  const query = new URLSearchParams(
    Object.entries(request.query ?? {}).map(([k, v]) => [k, String(v)] as [string, string]),
  ).toString();
  return query ? `${path}?${query}` : path;
}
