import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  vendorProductDeletedSchema,
  vendorProductIdParamsSchema,
  vendorProductInputSchema,
  vendorProductListQuerySchema,
  vendorProductMessages,
  vendorProductPageSchema,
  vendorProductSavedSchema,
  vendorProductSchema,
  vendorProductStatusSchema,
} from '../../../contracts/vendor-products.contract';
import { actingVendor, vendorAccess } from '../auth';
import {
  createVendorProduct,
  deleteVendorProduct,
  getVendorProduct,
  listVendorProducts,
  setVendorProductStatus,
  updateVendorProduct,
} from './catalog.vendor';
import type { ForeignImages } from './catalog.vendor-options';
import { errorResponses } from '../../platform/error-responses';

const errors = errorResponses(400, 401, 403, 404);
const tags = ['vendor'];

export type CatalogVendorRoutesOptions = {
  /** Which pictures put on a product are not the vendor's own uploads (the media module's check, wired in app.ts). */
  foreignImages?: ForeignImages;
};

/** A vendor's own products: list, read, create, edit, activate/deactivate and delete (vendors only). */
export async function catalogVendorRoutes(fastify: FastifyInstance, opts: CatalogVendorRoutesOptions) {
  const { foreignImages } = opts;
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db } = app.ctx;
  // Guests get 401 and other roles 403 before their input is even read (each route's vendor guard).

  app.get(
    '/api/vendor/products',
    {
      ...vendorAccess('catalog'),
      schema: {
        tags,
        summary: "The caller's products over all their shops: name search, category and status filters, pages",
        querystring: vendorProductListQuerySchema,
        response: { 200: vendorProductPageSchema, ...errors },
      },
    },
    async (req) => listVendorProducts({ db, vendorUserId: actingVendor(req), query: req.query }),
  );

  app.get(
    '/api/vendor/products/:id',
    {
      ...vendorAccess('catalog'),
      schema: {
        tags,
        summary: 'One of your products',
        params: vendorProductIdParamsSchema,
        response: { 200: vendorProductSchema, ...errors },
      },
    },
    async (req) => getVendorProduct({ db, vendorUserId: actingVendor(req), productId: req.params.id }),
  );

  app.post(
    '/api/vendor/products',
    {
      ...vendorAccess('catalog'),
      schema: {
        tags,
        summary: 'Add a product to one of your shops (prices in rupees, up to 5 images)',
        body: vendorProductInputSchema,
        response: { 201: vendorProductSavedSchema, ...errors },
      },
    },
    async (req, reply) => {
      const product = await createVendorProduct({
        db,
        vendorUserId: actingVendor(req),
        input: req.body,
        foreignImages,
      });
      return reply.status(201).send({ product, message: vendorProductMessages.created });
    },
  );

  app.put(
    '/api/vendor/products/:id',
    {
      ...vendorAccess('catalog'),
      schema: {
        tags,
        summary: 'Save every field of one of your products',
        params: vendorProductIdParamsSchema,
        body: vendorProductInputSchema,
        response: { 200: vendorProductSavedSchema, ...errors },
      },
    },
    async (req) => ({
      product: await updateVendorProduct({
        db,
        vendorUserId: actingVendor(req),
        productId: req.params.id,
        input: req.body,
        foreignImages,
      }),
      message: vendorProductMessages.updated,
    }),
  );

  app.patch(
    '/api/vendor/products/:id/status',
    {
      ...vendorAccess('catalog'),
      schema: {
        tags,
        summary: 'Activate or deactivate one of your products',
        params: vendorProductIdParamsSchema,
        body: vendorProductStatusSchema,
        response: { 200: vendorProductSavedSchema, ...errors },
      },
    },
    async (req) => {
      const product = await setVendorProductStatus({
        db,
        vendorUserId: actingVendor(req),
        productId: req.params.id,
        isActive: req.body.isActive,
      });
      return {
        product,
        message: product.isActive ? vendorProductMessages.activated : vendorProductMessages.deactivated,
      };
    },
  );

  app.delete(
    '/api/vendor/products/:id',
    {
      ...vendorAccess('catalog'),
      schema: {
        tags,
        summary: 'Delete one of your products; one that was ordered is deactivated instead',
        params: vendorProductIdParamsSchema,
        response: { 200: vendorProductDeletedSchema, ...errors },
      },
    },
    async (req) => deleteVendorProduct({ db, vendorUserId: actingVendor(req), productId: req.params.id }),
  );
}
