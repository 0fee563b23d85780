import type { FastifyInstance, preValidationHookHandler } from "fastify";
import { invalidField } from "./errors.js";

/** The one answer to a query parameter of a route given more than once, or as a list. */
export const givenOnceMessage = (name: string) => `${name} must be given once`;

/**
 * Every query parameter a route reads is given once, as `name=value`. Fastify's query parser
 * (fast-querystring) makes a name given twice (`?limit=1&limit=2`) a list, which the route's schema
 * would refuse as of the wrong type ("limit must be a number"), and keeps a bracketed name
 * (`?cursor[]=a`, `?cursor[0]=a`, how qs-style clients send a list) as a name of its own, which the
 * schema would not read at all: the first page, as if no cursor were sent. Both are refused here, before
 * the schema, with one message naming the parameter; names the route does not read stay ignored.
 *
 * Only routes with a query schema get the check (added as they are registered), so no other request
 * pays for it.
 */
export function refuseRepeatedQueryParameters(app: FastifyInstance): void {
  app.addHook("onRoute", (route) => {
    const names = queryNamesOf(route.schema?.querystring);
    if (names.size === 0) return;
    const check: preValidationHookHandler = (request, _reply, done) => {
      const query = request.query as Record<string, unknown>;
      for (const key of Object.keys(query)) {
        const bracket = key.indexOf("[");
        const name = bracket === -1 ? key : key.slice(0, bracket);
        if (names.has(name) && (bracket !== -1 || Array.isArray(query[key]))) {
          done(invalidField(name, givenOnceMessage(name)));
          return;
        }
      }
      done();
    };
    route.preValidation = [check, ...asList(route.preValidation)];
  });
}

/** The parameter names a route's query schema reads: a zod object's shape (or a JSON schema's properties). */
function queryNamesOf(schema: unknown): Set<string> {
  if (typeof schema !== "object" || schema === null) return new Set();
  const fields = "shape" in schema ? schema.shape : "properties" in schema ? schema.properties : undefined;
  return new Set(typeof fields === "object" && fields !== null ? Object.keys(fields) : []);
}

function asList<T>(hooks: T | T[] | undefined): T[] {
  return hooks === undefined ? [] : Array.isArray(hooks) ? hooks : [hooks];
}
