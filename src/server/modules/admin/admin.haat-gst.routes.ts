import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  commissionMessages,
  haatTaxIdentityUpdateSchema,
  haatTaxIdentityViewSchema,
  type HaatTaxIdentityView,
} from '../../../contracts/commission-invoices.contract';
import { adminErrors as errors } from '../../platform/admin-errors';
import type { DbOrTx } from '../../platform/db';
import { getHaatTaxIdentity, saveHaatTaxIdentity } from '../settlement';
import { requireFreshCode } from './admin.step-up';

// The Settings tab's "Haat's GST registration": the legal name, address, registered state and GSTIN
// printed on Haat's commission invoices. Until it is set the monthly job issues none, and the tab
// says so. Saved with a fresh code and audited.

async function view(db: DbOrTx): Promise<HaatTaxIdentityView> {
  const identity = await getHaatTaxIdentity(db);
  return { identity, notice: identity ? null : commissionMessages.notSet };
}

/** GET and PUT /api/admin/settings/haat-gst. */
export async function adminHaatGstRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db } = app.ctx;

  app.get(
    '/api/admin/settings/haat-gst',
    {
      config: { permission: 'settings' },
      schema: {
        tags: ['admin'],
        summary:
          "Haat's GST registration as its commission invoices print it (null while not set, with why no invoice is issued)",
        response: { 200: haatTaxIdentityViewSchema, ...errors },
      },
    },
    async () => view(db),
  );

  app.put(
    '/api/admin/settings/haat-gst',
    {
      config: { permission: 'settings' },
      schema: {
        tags: ['admin'],
        summary: "Save Haat's GST registration (legal name, address, state, GSTIN), with a fresh 2FA code",
        body: haatTaxIdentityUpdateSchema,
        response: { 200: haatTaxIdentityViewSchema, ...errors },
      },
    },
    async (req, reply) => {
      const { code: _code, ...input } = req.body;
      return requireFreshCode(req, reply, (sensitiveTx) =>
        sensitiveTx(async (tx) => {
          await saveHaatTaxIdentity(tx, input);
          return {
            result: await view(tx),
            audit: {
              action: 'haat_gst_settings_updated',
              resourceType: 'haat_tax_identity',
              resourceId: '1',
              newData: input,
            },
          };
        }),
      );
    },
  );
}
