import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  adminProductPageSchema,
  adminProductSchema,
  adminProductsQuerySchema,
  productStepUpSchema,
} from '../../../contracts/admin-products.contract';
import { catalogMessages } from '../../../contracts/catalog.contract';
import { adminErrors as errors } from '../../platform/admin-errors';
import { csvRupees, toCsv } from '../../../domain/csv';
import { exportAdminProducts, listAdminProducts } from './admin.products.read-model';
import { setAdminProductActive } from './admin.products';
import { requireFreshCode, sendCsv } from './admin.step-up';

const params = z.object({ id: z.uuid({ error: catalogMessages.productNotFound }) });

/** The Products tab: every product, its CSV, and disabling or enabling one with a fresh code. */
export async function adminProductsRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db } = app.ctx;

  app.get(
    '/api/admin/products',
    {
      config: { permission: 'products' },
      schema: {
        tags: ['admin'],
        summary: 'Products of every shop, paged, searched and sorted',
        querystring: adminProductsQuerySchema,
        response: { 200: adminProductPageSchema, ...errors },
      },
    },
    async (req) => listAdminProducts({ db, query: req.query }),
  );

  app.get(
    '/api/admin/products/export',
    {
      config: { permission: 'products' },
      schema: { tags: ['admin'], summary: 'The same filter as CSV', querystring: adminProductsQuerySchema },
    },
    async (req, reply) => {
      const rows = await exportAdminProducts({ db, query: req.query });
      const csv = toCsv(
        [
          'id',
          'name',
          'vendor',
          'shop',
          'category',
          'price_rupees',
          'original_price_rupees',
          'stock',
          'status',
          'reward_percentage',
          'created_at',
          'review',
        ],
        rows.map((p) => [
          p.id,
          p.name,
          p.vendorName,
          p.shopName,
          p.category,
          csvRupees(p.pricePaise),
          csvRupees(p.originalPricePaise),
          p.stock,
          p.status,
          p.rewardPercentage,
          p.createdAt,
          p.review,
        ]),
      );
      return sendCsv(reply, `products-${req.query.status}`, csv);
    },
  );

  for (const [verb, isActive] of [
    ['disable', false],
    ['enable', true],
  ] as const) {
    app.post(
      `/api/admin/products/:id/${verb}`,
      {
        config: { permission: 'products' },
        schema: {
          tags: ['admin'],
          summary: isActive
            ? 'Enable a product: it returns to the storefront (a fresh 2FA code)'
            : 'Disable a product: it leaves the storefront (a fresh 2FA code)',
          params,
          body: productStepUpSchema,
          response: { 200: adminProductSchema, ...errors },
        },
      },
      async (req, reply) =>
        requireFreshCode(req, reply, (sensitiveTx) =>
          setAdminProductActive({ db, sensitiveTx, productId: req.params.id, isActive }),
        ),
    );
  }
}
