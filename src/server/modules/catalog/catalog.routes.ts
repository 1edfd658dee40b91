import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  categoryListSchema,
  productDetailSchema,
  productIdParamsSchema,
  productOptionFacetsSchema,
  productPageSchema,
  productSearchQuerySchema,
  reviewPageSchema,
} from '../../../contracts/catalog.contract';
import { pageQuerySchema } from '../../../contracts/common.contract';
import { errorResponseSchema } from '../../../contracts/errors.contract';
import { fastSerializerCompiler } from '../../platform/fast-serializer';
import { cardWithOffer, noOffers, productWithOffers, type OffersNow } from './catalog.offers';
import { listProductOptionFacets } from './catalog.option-facets';
import { searchProducts } from './catalog.search';
import { getProduct, listCategories, listProductReviews } from './catalog.service';

export type CatalogRoutesOptions = {
  /** The promotion offers in force (the promotions module's offersNow, wired in app.ts); none unless given. */
  offersNow?: OffersNow;
};

/**
 * The public catalog: categories, product search, product pages and their reviews. The two busiest
 * reads, the product list and a product's page, write their answers with fast-json-stringify. Cards and
 * product pages carry the automatic promotions' offer (read from memory, not per card).
 */
export async function catalogRoutes(fastify: FastifyInstance, opts: CatalogRoutesOptions) {
  const offersNow = opts.offersNow ?? noOffers;
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  // The product list, search (and its filter chips), product pages and categories are read through catalogReads
  // (the replica while it keeps up); reviews and the offers stay on the primary.
  const { db, catalogCache: cache, catalogReads: reads } = app.ctx;

  app.get(
    '/api/categories',
    {
      schema: {
        tags: ['catalog'],
        summary: 'The active categories in display order',
        response: { 200: categoryListSchema },
      },
    },
    async (req, reply) =>
      cache.serve(req, reply, async () => ({ items: await reads.read((db) => listCategories({ db })) })),
  );

  app.get(
    '/api/products',
    {
      schema: {
        tags: ['catalog'],
        summary:
          'Search the active products of active shops: text (typo tolerant), category, price in rupees, rating, option values (option=size:m), sort, pages',
        querystring: productSearchQuerySchema,
        response: { 200: productPageSchema, 400: errorResponseSchema },
      },
      serializerCompiler: fastSerializerCompiler,
    },
    async (req, reply) =>
      cache.serve(req, reply, async () => {
        const [page, offers] = await Promise.all([
          reads.read((db) => searchProducts({ db, query: req.query })),
          offersNow(db),
        ]);
        return { ...page, items: page.items.map((card) => cardWithOffer(card, offers)) };
      }),
  );

  app.get(
    '/api/products/options',
    {
      schema: {
        tags: ['catalog'],
        summary:
          "The option names and values (Size: S, M, L) in stock among a search's products, without its option filters: the filter chips",
        querystring: productSearchQuerySchema,
        response: { 200: productOptionFacetsSchema, 400: errorResponseSchema },
      },
    },
    async (req, reply) =>
      cache.serve(req, reply, () => reads.read((db) => listProductOptionFacets({ db, query: req.query }))),
  );

  app.get(
    '/api/products/:id',
    {
      schema: {
        tags: ['catalog'],
        summary: 'One product for its page',
        params: productIdParamsSchema,
        response: { 200: productDetailSchema, 404: errorResponseSchema },
      },
      serializerCompiler: fastSerializerCompiler,
    },
    async (req, reply) =>
      cache.serve(req, reply, async () => {
        const [product, offers] = await Promise.all([
          reads.read((db) => getProduct({ db, productId: req.params.id })),
          offersNow(db),
        ]);
        return productWithOffers(product, offers);
      }),
  );

  app.get(
    '/api/products/:id/reviews',
    {
      schema: {
        tags: ['catalog'],
        summary: "A product's reviews, newest first",
        params: productIdParamsSchema,
        querystring: pageQuerySchema,
        response: { 200: reviewPageSchema, 400: errorResponseSchema, 404: errorResponseSchema },
      },
    },
    async (req, reply) =>
      cache.serve(req, reply, () => listProductReviews({ db, productId: req.params.id, ...req.query })),
  );
}
