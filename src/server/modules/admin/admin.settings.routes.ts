import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  codSettingsViewSchema,
  gatewaySettingsSchema,
  gatewayTestResultSchema,
  processReferralsResultSchema,
  processReferralsSchema,
  referralSettingsSchema,
  saveCodSettingsSchema,
  saveGatewaySettingsSchema,
  saveReferralSettingsSchema,
  testGatewaySchema,
} from '../../../contracts/admin-settings.contract';
import { adminErrors as errors } from '../../platform/admin-errors';
import {
  productReviewSettingsViewSchema,
  saveProductReviewSettingsSchema,
} from '../../../contracts/product-review.contract';
import {
  getAdminCodSettings,
  getAdminGatewaySettings,
  getAdminProductReviewSettings,
  getAdminReferralSettings,
  processAdminReferralQualifications,
  testAdminGateway,
  updateAdminCodSettings,
  updateAdminGatewaySettings,
  updateAdminProductReviewSettings,
  updateAdminReferralSettings,
} from './admin.settings';
import { requireFreshCode } from './admin.step-up';
import { moneyOutSettingsSchema, saveMoneyOutSettingsSchema } from '../../../contracts/money-out.contract';
import { parseRupees } from '../../../domain/money';
import { auditChanges } from '../audit';
import { getMoneyOutSettings, saveMoneyOutSettings } from './admin.money-out';
import {
  freshCodeAbovePaise,
  promotionSettingsSchema,
  savePromotionSettingsSchema,
} from '../../../contracts/promotions.contract';
import { getPromotionSettings, savePromotionSettings } from './admin.promotion-settings';

/**
 * The Settings tab: referral thresholds, the payment gateway, cash on delivery's rules, the
 * product review's scope, two people for money out and the promotions' fresh-code amount (each
 * saved with a fresh code), and the gateway's connection test.
 */
export async function adminSettingsRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db, config } = app.ctx;

  app.get(
    '/api/admin/settings/referral',
    {
      config: { permission: 'settings' },
      schema: {
        tags: ['admin'],
        summary: 'Referral thresholds (volume in rupees)',
        response: { 200: referralSettingsSchema, ...errors },
      },
    },
    async () => getAdminReferralSettings({ db }),
  );

  app.put(
    '/api/admin/settings/referral',
    {
      config: { permission: 'settings' },
      schema: {
        tags: ['admin'],
        summary: 'Save the referral thresholds, with a fresh 2FA code',
        body: saveReferralSettingsSchema,
        response: { 200: referralSettingsSchema, ...errors },
      },
    },
    async (req, reply) => {
      const { code: _code, ...input } = req.body;
      return requireFreshCode(req, reply, (sensitiveTx) => updateAdminReferralSettings({ sensitiveTx, input }));
    },
  );

  app.post(
    '/api/admin/settings/referral/process',
    {
      config: { permission: 'settings' },
      schema: {
        tags: ['admin'],
        summary: 'Process referral qualifications (pays each newly qualified referrer once), with a fresh 2FA code',
        body: processReferralsSchema,
        response: { 200: processReferralsResultSchema, ...errors },
      },
    },
    async (req, reply) =>
      requireFreshCode(req, reply, (sensitiveTx) => processAdminReferralQualifications({ config, sensitiveTx })),
  );

  app.get(
    '/api/admin/settings/payment',
    {
      config: { permission: 'settings' },
      schema: {
        tags: ['admin'],
        summary: 'Payment gateway settings (secrets never sent)',
        response: { 200: gatewaySettingsSchema, ...errors },
      },
    },
    async () => getAdminGatewaySettings({ db }),
  );

  app.put(
    '/api/admin/settings/payment',
    {
      config: { permission: 'settings' },
      schema: {
        tags: ['admin'],
        summary: 'Save the payment gateway settings, with a fresh 2FA code',
        body: saveGatewaySettingsSchema,
        response: { 200: gatewaySettingsSchema, ...errors },
      },
    },
    async (req, reply) => {
      const { code: _code, ...input } = req.body;
      return requireFreshCode(req, reply, (sensitiveTx) => updateAdminGatewaySettings({ config, sensitiveTx, input }));
    },
  );

  app.post(
    '/api/admin/settings/payment/test',
    {
      config: { permission: 'settings', rateLimit: { max: 10, timeWindow: '1 minute' } },
      schema: {
        tags: ['admin'],
        summary: 'A real authenticated call to Razorpay with the typed or stored keys',
        body: testGatewaySchema,
        response: { 200: gatewayTestResultSchema, ...errors },
      },
    },
    async (req) => testAdminGateway({ db, config, typed: req.body }),
  );

  app.get(
    '/api/admin/settings/cod',
    {
      config: { permission: 'settings' },
      schema: {
        tags: ['admin'],
        summary:
          "Cash on delivery's order value limit (rupees) and excluded categories, with the categories to choose from",
        response: { 200: codSettingsViewSchema, ...errors },
      },
    },
    async () => getAdminCodSettings({ db }),
  );

  app.put(
    '/api/admin/settings/cod',
    {
      config: { permission: 'settings' },
      schema: {
        tags: ['admin'],
        summary: "Save cash on delivery's order value limit and excluded categories, with a fresh 2FA code",
        body: saveCodSettingsSchema,
        response: { 200: codSettingsViewSchema, ...errors },
      },
    },
    async (req, reply) => {
      const { code: _code, ...input } = req.body;
      return requireFreshCode(req, reply, (sensitiveTx) => updateAdminCodSettings({ sensitiveTx, input }));
    },
  );

  app.get(
    '/api/admin/settings/product-review',
    {
      config: { permission: 'settings' },
      schema: {
        tags: ['admin'],
        summary: 'Which vendor products are reviewed before they go on sale, with the categories to choose from',
        response: { 200: productReviewSettingsViewSchema, ...errors },
      },
    },
    async () => getAdminProductReviewSettings({ db }),
  );

  app.put(
    '/api/admin/settings/product-review',
    {
      config: { permission: 'settings' },
      schema: {
        tags: ['admin'],
        summary: 'Save which vendor products are reviewed before they go on sale, with a fresh 2FA code',
        body: saveProductReviewSettingsSchema,
        response: { 200: productReviewSettingsViewSchema, ...errors },
      },
    },
    async (req, reply) => {
      const { code: _code, ...input } = req.body;
      return requireFreshCode(req, reply, (sensitiveTx) => updateAdminProductReviewSettings({ sensitiveTx, input }));
    },
  );

  app.get(
    '/api/admin/settings/money-out',
    {
      config: { permission: 'settings' },
      schema: {
        tags: ['admin'],
        summary: 'Two people for money out: the amount above which a payout or withdrawal needs a second approval',
        response: { 200: moneyOutSettingsSchema, ...errors },
      },
    },
    async () => getMoneyOutSettings(db),
  );

  app.put(
    '/api/admin/settings/money-out',
    {
      config: { permission: 'settings' },
      schema: {
        tags: ['admin'],
        summary: 'Save the two-person amount in rupees (empty: off), with a fresh 2FA code',
        body: saveMoneyOutSettingsSchema,
        response: { 200: moneyOutSettingsSchema, ...errors },
      },
    },
    async (req, reply) => {
      const text = req.body.twoPersonAboveRupees;
      const after = { twoPersonAbovePaise: text === '' ? null : parseRupees(text, 12) };
      return requireFreshCode(req, reply, (sensitiveTx) =>
        sensitiveTx(async (tx) => {
          const before = await saveMoneyOutSettings(tx, after);
          return {
            result: after,
            audit: {
              action: 'money_out_settings_updated',
              resourceType: 'money_out_settings',
              resourceId: '1',
              newData: { changes: auditChanges(before, after) },
            },
          };
        }),
      );
    },
  );

  app.get(
    '/api/admin/settings/promotions',
    {
      config: { permission: 'settings' },
      schema: {
        tags: ['admin'],
        summary:
          'The amount above which saving a promotion Haat pays for needs a fresh 2FA code, ' +
          'and its default (PROMOTION_FRESH_CODE_ABOVE_RUPEES)',
        response: { 200: promotionSettingsSchema, ...errors },
      },
    },
    async () => getPromotionSettings(db, config),
  );

  app.put(
    '/api/admin/settings/promotions',
    {
      config: { permission: 'settings' },
      schema: {
        tags: ['admin'],
        summary: "Save the promotions' fresh-code amount in rupees, with a fresh 2FA code",
        body: savePromotionSettingsSchema,
        response: { 200: promotionSettingsSchema, ...errors },
      },
    },
    async (req, reply) => {
      const after = { freshCodeAbovePaise: freshCodeAbovePaise(req.body.freshCodeAboveRupees)! };
      return requireFreshCode(req, reply, (sensitiveTx) =>
        sensitiveTx(async (tx) => {
          const before = await savePromotionSettings(tx, config, after.freshCodeAbovePaise);
          return {
            result: { ...after, defaultPaise: before.defaultPaise },
            audit: {
              action: 'promotion_settings_updated',
              resourceType: 'promotion_settings',
              resourceId: '1',
              newData: { changes: auditChanges(before, after) },
            },
          };
        }),
      );
    },
  );
}
