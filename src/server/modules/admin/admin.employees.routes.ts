import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  adminEmployeePageSchema,
  adminEmployeeSchema,
  adminEmployeesQuerySchema,
  stepUpBodySchema,
} from '../../../contracts/admin-people.contract';
import { adminErrors as errors } from '../../platform/admin-errors';
import { toCsv } from '../../../domain/csv';
import { listEmployeeRegistrations } from '../erp';
import { approveAdminEmployee, setAdminEmployeeActive } from './admin.employees';
import { requireFreshCode, sendCsv } from './admin.step-up';

const params = z.object({ id: z.uuid({ error: 'Employee not found' }) });

/** The Employees tab: registrations, their CSV, and approving one or marking one inactive or active again, with a fresh code. */
export async function adminEmployeesRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db } = app.ctx;

  app.get(
    '/api/admin/employees',
    {
      config: { permission: 'employees' },
      schema: {
        tags: ['admin'],
        summary: 'Employees, paged, searched and sorted; waiting ones with approval=pending',
        querystring: adminEmployeesQuerySchema,
        response: { 200: adminEmployeePageSchema, ...errors },
      },
    },
    async (req) => listEmployeeRegistrations({ db, query: req.query }),
  );

  app.get(
    '/api/admin/employees/export',
    {
      config: { permission: 'employees' },
      schema: { tags: ['admin'], summary: 'The same filter as CSV', querystring: adminEmployeesQuerySchema },
    },
    async (req, reply) => {
      const { items } = await listEmployeeRegistrations({ db, query: req.query, forExport: true });
      const csv = toCsv(
        [
          'id',
          'first_name',
          'last_name',
          'employee_id',
          'email',
          'department',
          'designation',
          'approved',
          'active',
          'date_of_joining',
        ],
        items.map((e) => [
          e.id,
          e.firstName,
          e.lastName,
          e.employeeId,
          e.email,
          e.department,
          e.designation,
          e.isApproved ? 'yes' : 'no',
          e.isActive ? 'yes' : 'no',
          e.dateOfJoining,
        ]),
      );
      return sendCsv(reply, 'employees', csv);
    },
  );

  app.post(
    '/api/admin/employees/:id/approve',
    {
      config: { permission: 'employees' },
      schema: {
        tags: ['admin'],
        summary: 'Approve an employee, with a fresh 2FA code',
        params,
        body: stepUpBodySchema,
        response: { 200: adminEmployeeSchema, ...errors },
      },
    },
    async (req, reply) =>
      requireFreshCode(req, reply, (sensitiveTx) =>
        approveAdminEmployee({ db, sensitiveTx, employeeId: req.params.id }),
      ),
  );

  for (const [path, active] of [
    ['deactivate', false],
    ['activate', true],
  ] as const) {
    app.post(
      `/api/admin/employees/:id/${path}`,
      {
        config: { permission: 'employees' },
        schema: {
          tags: ['admin'],
          summary: `Mark an employee ${active ? 'active again' : 'inactive (ends their ERP sessions)'}, with a fresh 2FA code`,
          params,
          body: stepUpBodySchema,
          response: { 200: adminEmployeeSchema, ...errors },
        },
      },
      async (req, reply) =>
        requireFreshCode(req, reply, (sensitiveTx) =>
          setAdminEmployeeActive({ db, sensitiveTx, employeeId: req.params.id, active }),
        ),
    );
  }
}
