import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { pageQuerySchema } from '../../../contracts/common.contract';
import { projectFormSchema, projectPageSchema, projectSchema, rejectTimesheetSchema, timesheetPageSchema, timesheetSchema, timesheetStatuses } from '../../../contracts/erp-work.contract';
import { errorResponseSchema } from '../../../contracts/errors.contract';
import { origin, requireAdmin } from '../../platform/auth-guards';
import { editAdminProject, listAdminProjects, listAdminTimesheets, reviewAdminTimesheet } from './erp-work';

const errors = { 400: errorResponseSchema, 401: errorResponseSchema, 403: errorResponseSchema, 404: errorResponseSchema, 409: errorResponseSchema };
const tags = ['admin'];
const timesheetId = z.object({ id: z.uuid({ error: 'Timesheet entry not found' }) });

/** The ERP tab: every project (edit any), and timesheet entries waiting for approval from every employee. */
export async function adminErpRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db } = app.ctx;
  app.addHook('onRequest', async (req) => {
    requireAdmin(req);
  });

  app.get('/api/admin/erp/projects', { schema: { tags, summary: 'Every ERP project, newest first', querystring: pageQuerySchema, response: { 200: projectPageSchema, ...errors } } }, async (req) =>
    listAdminProjects(db, req.query.page, req.query.pageSize),
  );
  app.put(
    '/api/admin/erp/projects/:id',
    { schema: { tags, summary: 'Edit any ERP project', params: z.object({ id: z.uuid({ error: 'Project not found' }) }), body: projectFormSchema, response: { 200: projectSchema, ...errors } } },
    async (req) => editAdminProject({ db, admin: requireAdmin(req), projectId: req.params.id, input: req.body, from: origin(req) }),
  );
  app.get(
    '/api/admin/erp/timesheets',
    { schema: { tags, summary: 'Timesheet entries of one status (submitted by default) from every employee', querystring: pageQuerySchema.extend({ status: z.enum(timesheetStatuses).default('submitted') }), response: { 200: timesheetPageSchema, ...errors } } },
    async (req) => listAdminTimesheets(db, req.query.status, req.query.page, req.query.pageSize),
  );
  app.post('/api/admin/erp/timesheets/:id/approve', { schema: { tags, summary: 'Approve a submitted entry', params: timesheetId, response: { 200: timesheetSchema, ...errors } } }, async (req) =>
    reviewAdminTimesheet({ db, admin: requireAdmin(req), id: req.params.id, decision: 'approved', from: origin(req) }),
  );
  app.post(
    '/api/admin/erp/timesheets/:id/reject',
    { schema: { tags, summary: 'Reject a submitted entry with a reason', params: timesheetId, body: rejectTimesheetSchema, response: { 200: timesheetSchema, ...errors } } },
    async (req) => reviewAdminTimesheet({ db, admin: requireAdmin(req), id: req.params.id, decision: 'rejected', reason: req.body.reason, from: origin(req) }),
  );
}
