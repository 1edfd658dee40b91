import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  accountDetailsSchema,
  accountDetailsUpdateSchema,
  detailsMessages,
  detailsSavedSchema,
  employeeDetailsSchema,
  employeeDetailsUpdateSchema,
  merchantDetailsSchema,
  merchantDetailsUpdateSchema,
  type DetailsKind,
} from '../../../contracts/admin-details.contract';
import { adminErrors as errors } from '../../platform/admin-errors';
import {
  getAccountDetails,
  getEmployeeDetails,
  getMerchantDetails,
  updateAccountDetails,
  updateEmployeeDetails,
  updateMerchantDetails,
} from './admin.details';
import { requireFreshCode } from './admin.step-up';

const params = (kind: DetailsKind) => z.object({ id: z.uuid({ error: detailsMessages[kind].notFound }) });
const withoutCode = <B extends { code?: string }>({ code: _code, ...input }: B) => input;
const doc = (summary: string) => ({ tags: ['admin'], summary });

/** Editing the details of users, vendors, merchants and employees (the owner's own form, validated by its contract), each with a fresh 2FA code. */
export async function adminDetailsRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db } = app.ctx;

  for (const [kind, path, permission] of [
    ['user', 'users', 'customers'],
    ['vendor', 'vendors', 'vendors'],
  ] as const) {
    app.get(
      `/api/admin/${path}/:id/details`,
      {
        config: { permission },
        schema: {
          ...doc(`A ${kind}'s personal information, as their profile form holds it`),
          params: params(kind),
          response: { 200: accountDetailsSchema, ...errors },
        },
      },
      async (req) => getAccountDetails({ db, id: req.params.id, kind }),
    );
    app.put(
      `/api/admin/${path}/:id/details`,
      {
        config: { permission },
        schema: {
          ...doc(`Edit a ${kind}'s personal information (their PATCH /api/me/profile), with a fresh 2FA code`),
          params: params(kind),
          body: accountDetailsUpdateSchema,
          response: { 200: detailsSavedSchema(accountDetailsSchema), ...errors },
        },
      },
      async (req, reply) =>
        requireFreshCode(req, reply, (sensitiveTx) =>
          updateAccountDetails({ sensitiveTx, id: req.params.id, input: withoutCode(req.body), kind }),
        ),
    );
  }

  app.get(
    '/api/admin/merchants/:id/details',
    {
      config: { permission: 'merchants' },
      schema: {
        ...doc("A merchant's business details, as its dashboard shows them"),
        params: params('merchant'),
        response: { 200: merchantDetailsSchema, ...errors },
      },
    },
    async (req) => getMerchantDetails({ db, id: req.params.id }),
  );
  app.put(
    '/api/admin/merchants/:id/details',
    {
      config: { permission: 'merchants' },
      schema: {
        ...doc("Edit a merchant's business details (its PUT /api/merchant/profile), with a fresh 2FA code"),
        params: params('merchant'),
        body: merchantDetailsUpdateSchema,
        response: { 200: detailsSavedSchema(merchantDetailsSchema), ...errors },
      },
    },
    async (req, reply) =>
      requireFreshCode(req, reply, (sensitiveTx) =>
        updateMerchantDetails({ sensitiveTx, id: req.params.id, input: withoutCode(req.body) }),
      ),
  );

  app.get(
    '/api/admin/employees/:id/details',
    {
      config: { permission: 'employees' },
      schema: {
        ...doc("An employee's registration fields and contact details"),
        params: params('employee'),
        response: { 200: employeeDetailsSchema, ...errors },
      },
    },
    async (req) => getEmployeeDetails({ db, id: req.params.id }),
  );
  app.put(
    '/api/admin/employees/:id/details',
    {
      config: { permission: 'employees' },
      schema: {
        ...doc(
          "Edit an employee's name, department, designation, employee ID and contact details, with a fresh 2FA code",
        ),
        params: params('employee'),
        body: employeeDetailsUpdateSchema,
        response: { 200: detailsSavedSchema(employeeDetailsSchema), ...errors },
      },
    },
    async (req, reply) =>
      requireFreshCode(req, reply, (sensitiveTx) =>
        updateEmployeeDetails({ sensitiveTx, id: req.params.id, input: withoutCode(req.body) }),
      ),
  );
}
