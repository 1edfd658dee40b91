import type { FastifyInstance } from 'fastify';

/** The Orders tab's API (being built). */
export async function adminOrdersRoutes(fastify: FastifyInstance) {
  void fastify;
}
