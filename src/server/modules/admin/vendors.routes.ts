import type { FastifyInstance } from 'fastify';

/** The Vendors tab's API (being built). */
export async function adminVendorsRoutes(fastify: FastifyInstance) {
  void fastify;
}
