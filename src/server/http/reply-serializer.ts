import { isDeepStrictEqual } from 'node:util';
import { serializerCompiler } from 'fastify-type-provider-zod';

type RouteSchema = Parameters<typeof serializerCompiler>[0];

/**
 * The zod serializer, which answers only what a route's reply schema describes. Under test it also
 * checks that the schema dropped or changed nothing the handler sent: a field missing from a reply
 * contract would otherwise vanish silently from the reply (decision 0022).
 */
export function replySerializerCompiler(checkNothingDropped: boolean) {
  return (route: RouteSchema) => {
    const serialize = serializerCompiler(route);
    if (!checkNothingDropped) return serialize;
    return (data: unknown) => {
      const json = serialize(data);
      const sent = JSON.stringify(data);
      if (sent !== undefined && !isDeepStrictEqual(JSON.parse(json), JSON.parse(sent)))
        throw new Error(
          `The reply schema of ${route.method} ${route.url} (${route.httpStatus}) drops or changes fields:\nsent ${sent}\nserialized ${json}`,
        );
      return json;
    };
  };
}
