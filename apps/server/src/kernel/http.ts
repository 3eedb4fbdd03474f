/**
 * Registers a route from its contract (`defineEndpoint` in packages/contracts): access, request schemas and the
 * response schema (the `R` envelope around the endpoint's data) come from the one definition, so validation,
 * serialisation, the OpenAPI document and the web's typed fetcher agree. The handler returns the data; the
 * envelope is added here.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Static, TSchema } from 'typebox';
import { envelopeOf, type Endpoint } from '@helio/contracts/api/endpoint';
import { ok } from '../core/envelope.js';

export type EndpointHandler<Q extends TSchema, B extends TSchema, D extends TSchema> = (
  req: FastifyRequest & { query: Static<Q>; body: Static<B> },
) => Promise<Static<D>> | Static<D>;

export function route<Q extends TSchema, B extends TSchema, D extends TSchema>(
  app: FastifyInstance,
  endpoint: Endpoint<Q, B, D>,
  handler: EndpointHandler<Q, B, D>,
): void {
  app.route({
    method: endpoint.method,
    url: endpoint.url,
    config: { access: endpoint.access },
    schema: {
      tags: endpoint.tags,
      summary: endpoint.summary,
      ...(endpoint.querystring ? { querystring: endpoint.querystring } : {}),
      ...(endpoint.body ? { body: endpoint.body } : {}),
      response: { 200: envelopeOf(endpoint.data) },
    },
    handler: async (req) => ok(req, await handler(req as FastifyRequest & { query: Static<Q>; body: Static<B> })),
  });
}
