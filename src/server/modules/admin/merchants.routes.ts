import type { FastifyInstance } from 'fastify';

/** The Merchants tab's API (being built). */
export async function adminMerchantsRoutes(fastify: FastifyInstance) {
  void fastify;
}
