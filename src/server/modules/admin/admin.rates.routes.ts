import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { adminErrors as errors } from '../../platform/admin-errors';
import {
  addCommissionRuleSchema,
  addHsnCodeSchema,
  addHsnRateSchema,
  addTaxRateSchema,
  commissionRulePageSchema,
  commissionRuleQuerySchema,
  hsnCodeListSchema,
  rateAddedSchema,
  taxRateListSchema,
} from '../../../contracts/settlement-rates.contract';
import { todayInIndia } from '../../../domain/age';
import { getHsnCodeList, listCommissionRules, listTaxRates } from '../settlement';
import { addAdminCommissionRule, addAdminHsnCode, addAdminHsnRate, addAdminTaxRate } from './admin.rates';
import { requireFreshCode } from './admin.step-up';

const tags = ['admin'];

/** The "Commission & tax" tab: commission rules, tax rates and the HSN list; each new row needs a fresh code. */
export async function adminRatesRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db } = app.ctx;

  app.get(
    '/api/admin/commission-rules',
    {
      config: { permission: 'rates' },
      schema: {
        tags,
        summary: 'Commission rules, newest first, each in force, scheduled or superseded today (India)',
        querystring: commissionRuleQuerySchema,
        response: { 200: commissionRulePageSchema, ...errors },
      },
    },
    async (req) => listCommissionRules({ db, day: todayInIndia(), ...req.query }),
  );

  app.post(
    '/api/admin/commission-rules',
    {
      config: { permission: 'rates' },
      schema: {
        tags,
        summary: 'Add a commission rule (global, category or vendor, from a date), with a fresh 2FA code',
        body: addCommissionRuleSchema,
        response: { 201: rateAddedSchema, ...errors },
      },
    },
    async (req, reply) => {
      const { code: _code, ...input } = req.body;
      return reply
        .status(201)
        .send(await requireFreshCode(req, reply, (sensitiveTx) => addAdminCommissionRule({ sensitiveTx, input })));
    },
  );

  app.get(
    '/api/admin/tax-rates',
    {
      config: { permission: 'rates' },
      schema: {
        tags,
        summary: 'TCS, TDS and unclassified GST rates by kind, each with its status today',
        response: { 200: taxRateListSchema, ...errors },
      },
    },
    async () => ({
      items: await listTaxRates(db, todayInIndia()),
    }),
  );

  app.post(
    '/api/admin/tax-rates',
    {
      config: { permission: 'rates' },
      schema: {
        tags,
        summary: 'Add a dated tax rate, with a fresh 2FA code',
        body: addTaxRateSchema,
        response: { 201: rateAddedSchema, ...errors },
      },
    },
    async (req, reply) => {
      const { code: _code, ...input } = req.body;
      return reply
        .status(201)
        .send(await requireFreshCode(req, reply, (sensitiveTx) => addAdminTaxRate({ sensitiveTx, input })));
    },
  );

  app.get(
    '/api/admin/hsn-codes',
    {
      config: { permission: 'hsn_codes' },
      schema: {
        tags,
        summary: 'The HSN list with the GST rate in force today and the next scheduled one',
        response: { 200: hsnCodeListSchema, ...errors },
      },
    },
    async () => getHsnCodeList(db, todayInIndia()),
  );

  app.post(
    '/api/admin/hsn-codes',
    {
      config: { permission: 'hsn_codes' },
      schema: {
        tags,
        summary: 'Add an HSN code with its first GST rate, with a fresh 2FA code',
        body: addHsnCodeSchema,
        response: { 201: rateAddedSchema, ...errors },
      },
    },
    async (req, reply) => {
      const { code: _code, ...input } = req.body;
      return reply
        .status(201)
        .send(await requireFreshCode(req, reply, (sensitiveTx) => addAdminHsnCode({ sensitiveTx, input })));
    },
  );

  app.post(
    '/api/admin/hsn-rates',
    {
      config: { permission: 'rates' },
      schema: {
        tags,
        summary: 'Schedule a new GST rate for an HSN code, from a date, with a fresh 2FA code',
        body: addHsnRateSchema,
        response: { 201: rateAddedSchema, ...errors },
      },
    },
    async (req, reply) => {
      const { code: _code, ...input } = req.body;
      return reply
        .status(201)
        .send(await requireFreshCode(req, reply, (sensitiveTx) => addAdminHsnRate({ sensitiveTx, input })));
    },
  );
}
