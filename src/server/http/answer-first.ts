import http, { type IncomingMessage, type ServerResponse } from 'node:http';
import type { FastifyServerFactory } from 'fastify';

/** What Fastify's options say of the server it would make (its types leave them untyped here). */
type ServerOptions = {
  http?: http.ServerOptions;
  keepAliveTimeout?: number;
  requestTimeout?: number;
  connectionTimeout?: number;
  maxRequestsPerSocket?: number;
};

/** Answers a request itself (true), or leaves it to Fastify (false). */
export type FirstAnswer = (request: IncomingMessage, response: ServerResponse) => boolean;

/**
 * Fastify's `serverFactory`: the HTTP server Fastify would make, which offers each request to a
 * first answer before Fastify's own handler (decision 0059). The answer is set once the app is
 * built, through `answerWith`; until then every request goes to Fastify.
 */
export function serverAnsweringFirst() {
  let first: FirstAnswer = () => false;
  const serverFactory: FastifyServerFactory = (handler, fastifyOptions) => {
    const options = fastifyOptions as ServerOptions;
    const server = http.createServer(options.http ?? {}, (request, response) => {
      if (!first(request, response)) handler(request, response);
    });
    // What Fastify does to a server it makes itself (fastify/lib/server.js), its defaults applied.
    server.keepAliveTimeout = options.keepAliveTimeout ?? 72_000;
    server.requestTimeout = options.requestTimeout ?? 0;
    server.setTimeout(options.connectionTimeout ?? 0);
    if (options.maxRequestsPerSocket) server.maxRequestsPerSocket = options.maxRequestsPerSocket;
    return server;
  };
  return {
    serverFactory,
    answerWith(answer: FirstAnswer) {
      first = answer;
    },
  };
}
