import type { FastifyInstance } from 'fastify';

/** The Products tab's API (being built). */
export async function adminProductsRoutes(fastify: FastifyInstance) {
  void fastify;
}
