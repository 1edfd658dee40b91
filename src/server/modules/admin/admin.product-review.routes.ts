import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  rejectReviewSchema,
  reviewDecisionSchema,
  reviewDiffSchema,
  reviewIdParamsSchema,
  reviewQueuePageSchema,
  reviewQueueQuerySchema,
} from '../../../contracts/product-review.contract';
import { origin, requireAdmin } from '../../platform/auth-guards';
import { getRevisionDiff } from '../catalog';
import { adminErrors as errors } from '../../platform/admin-errors';
import { decideAdminProductReview } from './admin.product-review';
import { listReviewQueue } from './admin.product-review.read-model';

/**
 * The Review tab: the queue of vendor products and changes waiting for a moderator, each change side
 * by side, approve or reject with a reason.
 */
export async function adminProductReviewRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db } = app.ctx;
  // Approving and rejecting are one decision of the super admin on a waiting submission.
  const decide = (req: FastifyRequest, revisionId: string, approve: boolean, reason: string | null) =>
    decideAdminProductReview({
      db,
      admin: requireAdmin(req),
      revisionId,
      approve,
      reason,
      from: origin(req),
    });

  app.get(
    '/api/admin/product-review',
    {
      config: { permission: 'product_review' },
      schema: {
        tags: ['admin'],
        summary: 'The review queue, oldest first: by kind (new product or edit), category and vendor, with counts',
        querystring: reviewQueueQuerySchema,
        response: { 200: reviewQueuePageSchema, ...errors },
      },
    },
    async (req) => listReviewQueue({ db, query: req.query }),
  );

  app.get(
    '/api/admin/product-review/:id',
    {
      config: { permission: 'product_review' },
      schema: {
        tags: ['admin'],
        summary: 'One waiting submission: each changed field, current and proposed',
        params: reviewIdParamsSchema,
        response: { 200: reviewDiffSchema, ...errors },
      },
    },
    async (req) => getRevisionDiff(db, req.params.id),
  );

  app.post(
    '/api/admin/product-review/:id/approve',
    {
      config: { permission: 'product_review' },
      schema: {
        tags: ['admin'],
        summary: 'Approve a waiting submission: the new product or the change goes on sale',
        params: reviewIdParamsSchema,
        response: { 200: reviewDecisionSchema, ...errors },
      },
    },
    async (req) => decide(req, req.params.id, true, null),
  );

  app.post(
    '/api/admin/product-review/:id/reject',
    {
      config: { permission: 'product_review' },
      schema: {
        tags: ['admin'],
        summary: 'Reject a waiting submission with a reason the vendor sees',
        params: reviewIdParamsSchema,
        body: rejectReviewSchema,
        response: { 200: reviewDecisionSchema, ...errors },
      },
    },
    async (req) => decide(req, req.params.id, false, req.body.reason),
  );
}
