import type { onRequestHookHandler, onSendHookHandler, RouteOptions } from 'fastify';

/** The methods a route answers; a GET route's automatic HEAD twin comes through onRoute as 'HEAD'. */
export function routeMethods(route: RouteOptions): string[] {
  return [route.method].flat();
}

/**
 * From an onRoute hook: runs `hook` on this route only, after the route's own hooks of that kind.
 * A hook that serves a few routes then costs the others nothing (issue 18).
 */
export function appendRouteHook(route: RouteOptions, name: 'onRequest', hook: onRequestHookHandler): void;
export function appendRouteHook(route: RouteOptions, name: 'onSend', hook: onSendHookHandler): void;
export function appendRouteHook(route: RouteOptions, name: 'onRequest' | 'onSend', hook: unknown) {
  const own = route[name];
  Object.assign(route, { [name]: [...(own === undefined ? [] : [own].flat()), hook] });
}
