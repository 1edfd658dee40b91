import type { FastifyInstance } from 'fastify';

/** The Referrals tab's API (being built). */
export async function adminReferralsRoutes(fastify: FastifyInstance) {
  void fastify;
}
