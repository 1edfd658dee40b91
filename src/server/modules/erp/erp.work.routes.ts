import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { okSchema, pageQuerySchema } from '../../../contracts/common.contract';
import {
  colleagueSchema,
  erpNotificationsSchema,
  erpSearchQuerySchema,
  erpSearchSchema,
  erpWorkMessages,
  optionSchema,
  projectFormSchema,
  projectDeletionSchema,
  projectPageSchema,
  projectSchema,
  rejectTimesheetSchema,
  taskEditSchema,
  taskFormSchema,
  taskPageSchema,
  taskSchema,
  taskStatusSchema,
  timesheetFormSchema,
  timesheetPageSchema,
  timesheetQuerySchema,
  timesheetSchema,
} from '../../../contracts/erp-work.contract';
import { listColleagues } from './erp.employees';
import { listNotifications, markNotificationsRead } from './erp.notifications';
import {
  createProject,
  deleteProject,
  listProjects,
  projectDeletion,
  projectOptions,
  updateProject,
} from './erp.projects';
import { employeeGuard, requireEmployee } from './erp.sessions';
import { createTask, listMyTasks, projectTaskOptions, searchWork, updateTask, updateTaskStatus } from './erp.tasks';
import {
  createTimesheet,
  deleteTimesheet,
  listAwaitingApproval,
  listMyTimesheets,
  reviewTimesheet,
  submitTimesheet,
  updateTimesheet,
} from './erp.timesheets';
import { errorResponses } from '../../platform/error-responses';

const errors = errorResponses(400, 401, 403, 404, 409);
const params = (notFoundMessage: string) => z.object({ id: z.uuid({ error: notFoundMessage }) });
const tags = ['erp'];

/** The ERP's work, for a signed-in employee: projects, tasks, timesheets and their approval, notifications and search. */
export async function erpWorkRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db } = app.ctx;
  const me = async (req: Parameters<typeof requireEmployee>[1]) => (await requireEmployee(db, req)).id;
  // Every route here is an employee's: a guest gets 401 before the request is validated.
  app.addHook('onRequest', employeeGuard(db));

  app.get(
    '/api/erp/employees',
    {
      schema: {
        tags,
        summary: 'Approved employees, to choose a manager or an assignee',
        response: { 200: z.array(colleagueSchema), ...errors },
      },
    },
    async (req) => {
      await me(req);
      return listColleagues(db);
    },
  );

  // ---- Projects
  app.get(
    '/api/erp/projects',
    {
      schema: {
        tags,
        summary: 'Every project, newest first',
        querystring: pageQuerySchema,
        response: { 200: projectPageSchema, ...errors },
      },
    },
    async (req) => listProjects({ db, viewerId: await me(req), ...req.query }),
  );
  app.get(
    '/api/erp/projects/options',
    {
      schema: {
        tags,
        summary: 'Projects by name, for the task and timesheet forms',
        response: { 200: z.array(optionSchema), ...errors },
      },
    },
    async (req) => {
      await me(req);
      return projectOptions(db);
    },
  );
  app.post(
    '/api/erp/projects',
    {
      schema: {
        tags,
        summary: 'Create a project',
        body: projectFormSchema,
        response: { 201: projectSchema, ...errors },
      },
    },
    async (req, reply) =>
      reply.status(201).send(await createProject({ db, employeeId: await me(req), input: req.body })),
  );
  app.put(
    '/api/erp/projects/:id',
    {
      schema: {
        tags,
        summary: 'Edit a project (its manager or its creator)',
        params: params(erpWorkMessages.projectNotFound),
        body: projectFormSchema,
        response: { 200: projectSchema, ...errors },
      },
    },
    async (req) =>
      updateProject({ db, editor: { kind: 'employee', id: await me(req) }, projectId: req.params.id, input: req.body }),
  );
  app.get(
    '/api/erp/projects/:id/deletion',
    {
      schema: {
        tags,
        summary:
          'What deleting a project takes with it: its tasks, its entries, and its approved hours (which stop it)',
        params: params(erpWorkMessages.projectNotFound),
        response: { 200: projectDeletionSchema, ...errors },
      },
    },
    async (req) => {
      await me(req);
      return projectDeletion(db, req.params.id);
    },
  );
  app.delete(
    '/api/erp/projects/:id',
    {
      schema: {
        tags,
        summary: 'Delete a project with its tasks and entries (its creator; never with approved hours)',
        params: params(erpWorkMessages.projectNotFound),
        response: { 200: projectDeletionSchema, ...errors },
      },
    },
    async (req) => deleteProject({ db, employeeId: await me(req), projectId: req.params.id }),
  );
  app.get(
    '/api/erp/projects/:id/tasks',
    {
      schema: {
        tags,
        summary: "A project's tasks, for the timesheet form",
        params: params(erpWorkMessages.projectNotFound),
        response: { 200: z.array(optionSchema), ...errors },
      },
    },
    async (req) => {
      await me(req);
      return projectTaskOptions(db, req.params.id);
    },
  );

  // ---- Tasks
  app.get(
    '/api/erp/tasks',
    {
      schema: {
        tags,
        summary: 'My Tasks: assigned to, created by, or in a project managed by the employee',
        querystring: pageQuerySchema,
        response: { 200: taskPageSchema, ...errors },
      },
    },
    async (req) => listMyTasks({ db, viewerId: await me(req), ...req.query }),
  );
  app.post(
    '/api/erp/tasks',
    {
      schema: {
        tags,
        summary: 'Create a task; its assignee is notified',
        body: taskFormSchema,
        response: { 201: taskSchema, ...errors },
      },
    },
    async (req, reply) => reply.status(201).send(await createTask({ db, employeeId: await me(req), input: req.body })),
  );
  app.put(
    '/api/erp/tasks/:id',
    {
      schema: {
        tags,
        summary: "Edit a task (its creator or its project's manager); a new assignee is notified",
        params: params(erpWorkMessages.taskNotFound),
        body: taskEditSchema,
        response: { 200: taskSchema, ...errors },
      },
    },
    async (req) => updateTask({ db, employeeId: await me(req), taskId: req.params.id, input: req.body }),
  );
  app.patch(
    '/api/erp/tasks/:id/status',
    {
      schema: {
        tags,
        summary: "Change a task's status (its assignee, creator or project manager)",
        params: params(erpWorkMessages.taskNotFound),
        body: taskStatusSchema,
        response: { 200: taskSchema, ...errors },
      },
    },
    async (req) => updateTaskStatus({ db, employeeId: await me(req), taskId: req.params.id, input: req.body }),
  );

  // ---- Timesheets
  app.get(
    '/api/erp/timesheets',
    {
      schema: {
        tags,
        summary: "The employee's own entries, newest first",
        querystring: timesheetQuerySchema,
        response: { 200: timesheetPageSchema, ...errors },
      },
    },
    async (req) => listMyTimesheets({ db, employeeId: await me(req), ...req.query }),
  );
  app.get(
    '/api/erp/timesheets/approvals',
    {
      schema: {
        tags,
        summary: 'Submitted entries of the projects the employee manages',
        querystring: pageQuerySchema,
        response: { 200: timesheetPageSchema, ...errors },
      },
    },
    async (req) => listAwaitingApproval({ db, employeeId: await me(req), ...req.query }),
  );
  app.post(
    '/api/erp/timesheets',
    {
      schema: {
        tags,
        summary: 'Log a draft entry; hours are computed on the server',
        body: timesheetFormSchema,
        response: { 201: timesheetSchema, ...errors },
      },
    },
    async (req, reply) =>
      reply.status(201).send(await createTimesheet({ db, employeeId: await me(req), input: req.body })),
  );
  app.put(
    '/api/erp/timesheets/:id',
    {
      schema: {
        tags,
        summary: 'Edit an own draft or rejected entry',
        params: params(erpWorkMessages.timesheetNotFound),
        body: timesheetFormSchema,
        response: { 200: timesheetSchema, ...errors },
      },
    },
    async (req) => updateTimesheet({ db, employeeId: await me(req), id: req.params.id, input: req.body }),
  );
  app.delete(
    '/api/erp/timesheets/:id',
    {
      schema: {
        tags,
        summary: 'Delete an own draft or rejected entry',
        params: params(erpWorkMessages.timesheetNotFound),
        response: { 200: okSchema, ...errors },
      },
    },
    async (req) => {
      await deleteTimesheet({ db, employeeId: await me(req), id: req.params.id });
      return { ok: true as const };
    },
  );
  app.post(
    '/api/erp/timesheets/:id/submit',
    {
      schema: {
        tags,
        summary: 'Submit an own draft or rejected entry for approval',
        params: params(erpWorkMessages.timesheetNotFound),
        response: { 200: timesheetSchema, ...errors },
      },
    },
    async (req) => submitTimesheet({ db, employeeId: await me(req), id: req.params.id }),
  );
  app.post(
    '/api/erp/timesheets/:id/approve',
    {
      schema: {
        tags,
        summary: "Approve a submitted entry (the project's manager, never one's own)",
        params: params(erpWorkMessages.timesheetNotFound),
        response: { 200: timesheetSchema, ...errors },
      },
    },
    async (req) => reviewTimesheet({ db, reviewerId: await me(req), id: req.params.id, decision: 'approved' }),
  );
  app.post(
    '/api/erp/timesheets/:id/reject',
    {
      schema: {
        tags,
        summary: "Reject a submitted entry with a reason (the project's manager, never one's own)",
        params: params(erpWorkMessages.timesheetNotFound),
        body: rejectTimesheetSchema,
        response: { 200: timesheetSchema, ...errors },
      },
    },
    async (req) =>
      reviewTimesheet({
        db,
        reviewerId: await me(req),
        id: req.params.id,
        decision: 'rejected',
        reason: req.body.reason,
      }),
  );

  // ---- Header: notifications and search
  app.get(
    '/api/erp/notifications',
    {
      schema: {
        tags,
        summary: "The employee's latest notifications and the unread count",
        response: { 200: erpNotificationsSchema, ...errors },
      },
    },
    async (req) => listNotifications(db, await me(req)),
  );
  app.post(
    '/api/erp/notifications/read',
    { schema: { tags, summary: "Mark the employee's notifications read", response: { 200: okSchema, ...errors } } },
    async (req) => {
      await markNotificationsRead(db, await me(req));
      return { ok: true as const };
    },
  );
  app.get(
    '/api/erp/search',
    {
      schema: {
        tags,
        summary: 'Projects by name and my tasks by title',
        querystring: erpSearchQuerySchema,
        response: { 200: erpSearchSchema, ...errors },
      },
    },
    async (req) => searchWork(db, await me(req), req.query.q),
  );
}
