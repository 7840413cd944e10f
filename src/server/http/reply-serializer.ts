import { isDeepStrictEqual } from 'node:util';
import fastJson from 'fast-json-stringify';
import { serializerCompiler } from 'fastify-type-provider-zod';
import { z } from 'zod';

type RouteSchema = Parameters<typeof serializerCompiler>[0];
type Serialize = (data: unknown) => string;

const compiled = new WeakMap<object, Serialize | null>();

/**
 * A serializer generated for one reply schema by fast-json-stringify (decision 0051), or null when
 * JSON Schema cannot describe the schema exactly: a transform, a codec or a default makes what is
 * sent differ from what the handler returned, and only zod writes that.
 */
export function fastSerializerFor(schema: z.ZodType): Serialize | null {
  let serialize = compiled.get(schema);
  if (serialize === undefined) {
    serialize = compile(schema);
    compiled.set(schema, serialize);
  }
  return serialize;
}

function compile(schema: z.ZodType): Serialize | null {
  try {
    const describe = (io: 'input' | 'output') =>
      z.toJSONSchema(schema, { io, unrepresentable: 'throw', target: 'draft-07' });
    const sent = describe('output');
    // The output side closes its objects (unknown keys are dropped); otherwise both sides must match.
    const open = (json: object) =>
      JSON.stringify(json, (key, value) =>
        key === 'additionalProperties' && value === false ? undefined : value,
      );
    if (open(describe('input')) !== open(sent)) return null;
    return fastJson(sent as Parameters<typeof fastJson>[0]);
  } catch {
    return null;
  }
}

function zodSchemaOf(route: RouteSchema): z.ZodType | null {
  return route.schema instanceof z.ZodType ? route.schema : null;
}

/**
 * Replies are written only as their route's schema describes them (unknown keys are left out).
 * Production writes them with the generated serializer, compiled on a route's first reply so that
 * start-up pays nothing for it. Under test every reply is also written by zod, which validates it,
 * and both must agree with each other and with what the handler sent: a field missing from a reply
 * contract would otherwise vanish silently from the reply (decision 0022).
 */
export function replySerializerCompiler(checkEveryReply: boolean) {
  return (route: RouteSchema): Serialize => {
    const zodSerialize: Serialize = serializerCompiler(route);
    const schema = zodSchemaOf(route);
    let fast: Serialize | undefined;
    const chosen = () => (fast ??= (schema && fastSerializerFor(schema)) || zodSerialize);
    if (!checkEveryReply) return (data) => chosen()(data);
    const where = `The reply schema of ${route.method} ${route.url} (${route.httpStatus})`;
    return (data) => {
      const json = zodSerialize(data);
      const reply = JSON.parse(json);
      const sent = JSON.stringify(data);
      if (sent !== undefined && !isDeepStrictEqual(reply, JSON.parse(sent)))
        throw new Error(`${where} drops or changes fields:\nsent ${sent}\nserialized ${json}`);
      const written = chosen()(data);
      if (!isDeepStrictEqual(JSON.parse(written), reply))
        throw new Error(
          `${where} is written differently by its fast serializer:\nzod ${json}\nfast ${written}`,
        );
      return written;
    };
  };
}
