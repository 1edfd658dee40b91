import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { pageQuerySchema } from '../../../contracts/common.contract';
import {
  adminApproveTimesheetSchema,
  adminProjectFormSchema,
  adminRejectTimesheetSchema,
  erpWorkMessages,
  projectDeletionSchema,
  projectPageSchema,
  projectSchema,
  timesheetPageSchema,
  timesheetSchema,
  timesheetStatuses,
} from '../../../contracts/erp-work.contract';
import { stepUpBodySchema } from '../../../contracts/admin-people.contract';
import { adminErrors as errors } from '../../platform/admin-errors';
import { projectDeletion } from '../erp';
import {
  deleteAdminProject,
  editAdminProject,
  listAdminProjects,
  listAdminTimesheets,
  reviewAdminTimesheet,
} from './admin.erp-work';
import { requireFreshCode } from './admin.step-up';

const tags = ['admin'];
const timesheetId = z.object({ id: z.uuid({ error: erpWorkMessages.timesheetNotFound }) });
const projectId = z.object({ id: z.uuid({ error: erpWorkMessages.projectNotFound }) });

/** The ERP tab: every project (edit or delete any), and timesheet entries waiting for approval from every employee; each change with a fresh code. */
export async function adminErpRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db } = app.ctx;

  app.get(
    '/api/admin/erp/projects',
    {
      config: { permission: 'erp' },
      schema: {
        tags,
        summary: 'Every ERP project, newest first',
        querystring: pageQuerySchema,
        response: { 200: projectPageSchema, ...errors },
      },
    },
    async (req) => listAdminProjects(db, req.query.page, req.query.pageSize),
  );
  app.put(
    '/api/admin/erp/projects/:id',
    {
      config: { permission: 'erp' },
      schema: {
        tags,
        summary: 'Edit any ERP project, with a fresh 2FA code',
        params: projectId,
        body: adminProjectFormSchema,
        response: { 200: projectSchema, ...errors },
      },
    },
    async (req, reply) => {
      const { code: _code, ...input } = req.body;
      return requireFreshCode(req, reply, (sensitiveTx) =>
        editAdminProject({ sensitiveTx, projectId: req.params.id, input }),
      );
    },
  );
  app.get(
    '/api/admin/erp/projects/:id/deletion',
    {
      config: { permission: 'erp' },
      schema: {
        tags,
        summary:
          'What deleting an ERP project takes with it: its tasks, its entries, and its approved hours (which stop it)',
        params: projectId,
        response: { 200: projectDeletionSchema, ...errors },
      },
    },
    async (req) => projectDeletion(db, req.params.id),
  );
  app.post(
    '/api/admin/erp/projects/:id/delete',
    {
      config: { permission: 'erp' },
      schema: {
        tags,
        summary: 'Delete an ERP project with its tasks and entries (never with approved hours), with a fresh 2FA code',
        params: projectId,
        body: stepUpBodySchema,
        response: { 200: projectDeletionSchema, ...errors },
      },
    },
    async (req, reply) =>
      requireFreshCode(req, reply, (sensitiveTx) => deleteAdminProject({ sensitiveTx, projectId: req.params.id })),
  );
  app.get(
    '/api/admin/erp/timesheets',
    {
      config: { permission: 'erp' },
      schema: {
        tags,
        summary: 'Timesheet entries of one status (submitted by default) from every employee',
        querystring: pageQuerySchema.extend({ status: z.enum(timesheetStatuses).default('submitted') }),
        response: { 200: timesheetPageSchema, ...errors },
      },
    },
    async (req) => listAdminTimesheets(db, req.query.status, req.query.page, req.query.pageSize),
  );
  app.post(
    '/api/admin/erp/timesheets/:id/approve',
    {
      config: { permission: 'erp' },
      schema: {
        tags,
        summary: 'Approve a submitted entry, with a fresh 2FA code',
        params: timesheetId,
        body: adminApproveTimesheetSchema,
        response: { 200: timesheetSchema, ...errors },
      },
    },
    async (req, reply) =>
      requireFreshCode(req, reply, (sensitiveTx) =>
        reviewAdminTimesheet({ db, sensitiveTx, id: req.params.id, decision: 'approved' }),
      ),
  );
  app.post(
    '/api/admin/erp/timesheets/:id/reject',
    {
      config: { permission: 'erp' },
      schema: {
        tags,
        summary: 'Reject a submitted entry with a reason, with a fresh 2FA code',
        params: timesheetId,
        body: adminRejectTimesheetSchema,
        response: { 200: timesheetSchema, ...errors },
      },
    },
    async (req, reply) =>
      requireFreshCode(req, reply, (sensitiveTx) =>
        reviewAdminTimesheet({ db, sensitiveTx, id: req.params.id, decision: 'rejected', reason: req.body.reason }),
      ),
  );
}
