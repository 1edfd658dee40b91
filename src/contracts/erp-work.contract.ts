import { z } from 'zod';
import { isIsoDate } from '../domain/age';
import { isClockTime } from '../domain/timesheet-hours';
import { stepUpCodeSchema } from './admin-lists.contract';
import { optionalMobile } from './auth.contract';
import {
  blankToUndefined,
  optionalText,
  pageQuerySchema,
  pageSchema,
  requiredText,
  typedRupees,
} from './common.contract';

// ---- The ERP's work: projects, tasks and timesheets (SPEC.md sections 2, 3, 4 and 8)

export const erpWorkMessages = {
  projectCreated: 'Project created successfully!',
  projectUpdated: 'Project updated successfully!',
  taskCreated: 'Task created successfully!',
  taskStatusUpdated: 'Task status updated!',
  taskUpdated: 'Task updated successfully!',
  projectDeleted: 'Project deleted',
  timesheetCreated: 'Timesheet entry created successfully!',
  timesheetUpdated: 'Timesheet entry updated successfully!',
  timesheetDeleted: 'Timesheet entry deleted',
  timesheetSubmitted: 'Timesheet entry submitted for approval',
  timesheetApproved: 'Timesheet entry approved',
  timesheetRejected: 'Timesheet entry rejected',
  createProjectFailed: 'Failed to create project',
  updateProjectFailed: 'Failed to update project',
  createTaskFailed: 'Failed to create task',
  createTimesheetFailed: 'Failed to create timesheet',
  updateTaskFailed: 'Failed to update task',
  deleteProjectFailed: 'Failed to delete project',
  projectNotFound: 'Project not found',
  taskNotFound: 'Task not found',
  timesheetNotFound: 'Timesheet entry not found',
  employeeUnknown: 'Please choose an approved employee',
  notProjectEditor: "Only the project's manager or its creator can edit this project",
  notTaskEditor: "Only the task's assignee, its creator or the project's manager can change this task",
  notTaskOwner: "Only the task's creator or the project's manager can edit this task",
  notProjectCreator: "Only the project's creator can delete it",
  projectHasApprovedHours: 'This project has approved timesheet hours and cannot be deleted',
  taskDone: 'This task is done and can no longer change',
  notYourTimesheet: 'You can only change your own timesheet entries',
  timesheetLocked: 'Only draft and rejected entries can be changed',
  notSubmittable: 'Only draft and rejected entries can be submitted',
  notReviewer: "Only the project's manager can approve or reject this entry",
  ownEntry: 'You cannot approve or reject your own timesheet entry',
  notSubmitted: 'This entry is not waiting for approval',
  taskNotInProject: 'Please choose a task of the selected project',
  sameTimes: 'End time must differ from start time',
  futureDate: 'Work date cannot be in the future',
  reasonRequired: 'Please give a reason for the rejection',
} as const;

/** SPEC.md section 4. */
export const projectStatuses = ['active', 'on_hold', 'completed', 'cancelled'] as const;
export const priorities = ['low', 'medium', 'high', 'urgent'] as const;
export const taskStatuses = ['todo', 'in_progress', 'review', 'done'] as const;
export const timesheetStatuses = ['draft', 'submitted', 'approved', 'rejected'] as const;
export type ProjectStatus = (typeof projectStatuses)[number];
export type Priority = (typeof priorities)[number];
export type TaskStatus = (typeof taskStatuses)[number];
export type TimesheetStatus = (typeof timesheetStatuses)[number];

/** The labels SPEC.md gives the task status selector. */
export const taskStatusLabels: Record<TaskStatus, string> = {
  todo: 'To Do',
  in_progress: 'In Progress',
  review: 'Review',
  done: 'Done',
};

const optionalDate = (message = 'Please enter a valid date') =>
  z
    .string()
    .trim()
    .optional()
    .transform((v) => v || undefined)
    .refine((v) => v === undefined || isIsoDate(v), message);

const requiredDate = (required: string) =>
  z
    .string({ error: required })
    .trim()
    .min(1, required)
    .refine((v) => isIsoDate(v), 'Please enter a valid date');

const optionalId = z.preprocess(blankToUndefined, z.uuid().optional());

const optionalEmail = z
  .string()
  .trim()
  .max(254, 'Email is too long')
  .optional()
  .transform((v) => (v ? v.toLowerCase() : undefined))
  .refine((v) => v === undefined || z.email().safeParse(v).success, 'Please enter a valid email address');

/** Rupees as typed ('250000', '2,50,000.50') to paise; empty means no budget. */
const budgetRupees = typedRupees({ invalid: 'Budget must be a number of rupees, for example 250000' }, 12);
const budgetSchema = z
  .union([z.string(), z.number(), z.null()])
  .optional()
  .transform((v, ctx) => (v === undefined || v === null ? undefined : budgetRupees(v, ctx)));

/** New Project and Edit Project (`POST /api/erp/projects`, `PUT /api/erp/projects/:id`); the form sends it as typed. */
export const projectFormSchema = z
  .object({
    name: requiredText('Project name is required', 120),
    description: optionalText(2000),
    status: z.enum(projectStatuses, { error: 'Please choose a status' }).default('active'),
    priority: z.enum(priorities, { error: 'Please choose a priority' }).default('medium'),
    startDate: requiredDate('Start date is required'),
    endDate: optionalDate(),
    budget: budgetSchema,
    projectManagerId: optionalId,
    clientName: optionalText(120),
    clientEmail: optionalEmail,
    clientPhone: optionalMobile,
  })
  .refine((v) => !v.endDate || v.endDate >= v.startDate, {
    path: ['endDate'],
    message: 'End date cannot be before the start date',
  });
export type ProjectFormInput = z.input<typeof projectFormSchema>;
export type ProjectFormData = z.output<typeof projectFormSchema>;

/** Someone named on a project, task or timesheet. */
export const personSchema = z.object({ id: z.uuid(), firstName: z.string(), lastName: z.string() });
export type Person = z.infer<typeof personSchema>;

export const projectSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  description: z.string().nullable(),
  status: z.enum(projectStatuses),
  priority: z.enum(priorities),
  startDate: z.string(),
  endDate: z.string().nullable(),
  budgetPaise: z.number().int().nullable(),
  manager: personSchema.nullable(),
  createdBy: personSchema.nullable(),
  clientName: z.string().nullable(),
  clientEmail: z.string().nullable(),
  clientPhone: z.string().nullable(),
  /** The signed-in employee manages or created it. */
  canEdit: z.boolean(),
  /** The signed-in employee created it (deleting needs no approved hours on it as well). */
  canDelete: z.boolean(),
  createdAt: z.string(),
});
export type Project = z.infer<typeof projectSchema>;
export const projectPageSchema = pageSchema(projectSchema);

/**
 * What goes with a project when it is deleted (`GET /api/erp/projects/:id/deletion` before, and the
 * delete's answer): its tasks and its timesheet entries; a project with approved hours is not deleted.
 */
export const projectDeletionSchema = z.object({
  tasks: z.number().int(),
  entries: z.number().int(),
  approvedHours: z.number(),
});
export type ProjectDeletion = z.infer<typeof projectDeletionSchema>;

/** A project or task to choose in a form. */
export const optionSchema = z.object({ id: z.uuid(), name: z.string() });
export type Option = z.infer<typeof optionSchema>;

/** An approved employee to choose as a manager or an assignee. */
export const colleagueSchema = personSchema.extend({ department: z.string(), designation: z.string() });
export type Colleague = z.infer<typeof colleagueSchema>;

/** A task's estimated hours: 0 to 10,000 in steps of 0.5. */
export const ESTIMATED_HOURS = { min: 0, max: 10_000, step: 0.5 } as const;

const estimatedHours = z
  .union([z.string(), z.number(), z.null()])
  .optional()
  .transform((v, ctx) => {
    if (v === undefined || v === null || (typeof v === 'string' && v.trim() === '')) return undefined;
    const n = typeof v === 'number' ? v : Number(v.trim());
    if (!Number.isFinite(n) || n < ESTIMATED_HOURS.min || n > ESTIMATED_HOURS.max) {
      ctx.addIssue({
        code: 'custom',
        message: `Estimated hours must be a number from ${ESTIMATED_HOURS.min} to ${ESTIMATED_HOURS.max.toLocaleString('en-IN')}`,
      });
      return z.NEVER;
    }
    if (Math.round(n / ESTIMATED_HOURS.step) !== n / ESTIMATED_HOURS.step) {
      ctx.addIssue({ code: 'custom', message: `Estimated hours go in steps of ${ESTIMATED_HOURS.step}` });
      return z.NEVER;
    }
    return n;
  });

/** Create New Task (`POST /api/erp/tasks`). */
export const taskFormSchema = z.object({
  title: requiredText('Task title is required', 200),
  description: optionalText(2000),
  projectId: optionalId,
  assignedTo: optionalId,
  priority: z.enum(priorities, { error: 'Please choose a priority' }).default('medium'),
  estimatedHours,
  dueDate: optionalDate(),
});
export type TaskFormInput = z.input<typeof taskFormSchema>;
export type TaskFormData = z.output<typeof taskFormSchema>;

/** Edit Task (`PUT /api/erp/tasks/:id`): the same form; a task stays in its project, and its status has its own selector. */
export const taskEditSchema = taskFormSchema.omit({ projectId: true });
export type TaskEditData = z.output<typeof taskEditSchema>;

/** The card selector (`PATCH /api/erp/tasks/:id/status`): a status with an optional completion percentage. */
export const taskStatusSchema = z.object({
  status: z.enum(taskStatuses, { error: 'Please choose a status' }),
  completionPercentage: z
    .number()
    .int()
    .min(0, 'Completion goes from 0 to 100')
    .max(100, 'Completion goes from 0 to 100')
    .optional(),
});
export type TaskStatusInput = z.infer<typeof taskStatusSchema>;

export const taskSchema = z.object({
  id: z.uuid(),
  title: z.string(),
  description: z.string().nullable(),
  status: z.enum(taskStatuses),
  priority: z.enum(priorities),
  project: optionSchema.nullable(),
  assignee: personSchema.nullable(),
  createdBy: personSchema.nullable(),
  estimatedHours: z.number().nullable(),
  dueDate: z.string().nullable(),
  completionPercentage: z.number().int(),
  /** The signed-in employee is its assignee, its creator or its project's manager. */
  canChange: z.boolean(),
  /** The signed-in employee created it or manages its project: they may edit its fields. */
  canEdit: z.boolean(),
  createdAt: z.string(),
});
export type Task = z.infer<typeof taskSchema>;
export const taskPageSchema = pageSchema(taskSchema);

const clockTime = (required: string) =>
  z.string({ error: required }).trim().min(1, required).refine(isClockTime, 'Please enter a time as HH:MM');

/** Log Work Time and Edit Timesheet (`POST /api/erp/timesheets`, `PUT /api/erp/timesheets/:id`). */
export const timesheetFormSchema = z
  .object({
    workDate: requiredDate('Work date is required'),
    startTime: clockTime('Start time is required'),
    endTime: clockTime('End time is required'),
    projectId: optionalId,
    /** Empty means General Work. */
    taskId: optionalId,
    description: requiredText('Description is required', 1000),
  })
  .refine((v) => v.startTime !== v.endTime, { path: ['endTime'], message: erpWorkMessages.sameTimes });
export type TimesheetFormInput = z.input<typeof timesheetFormSchema>;
export type TimesheetFormData = z.output<typeof timesheetFormSchema>;

export const timesheetSchema = z.object({
  id: z.uuid(),
  employee: personSchema,
  workDate: z.string(),
  startTime: z.string(),
  endTime: z.string(),
  project: optionSchema.nullable(),
  task: optionSchema.nullable(),
  /** Computed by the server: end - start, the next day when the end is not after the start. */
  hoursWorked: z.number(),
  description: z.string(),
  status: z.enum(timesheetStatuses),
  rejectionReason: z.string().nullable(),
  approvedBy: personSchema.nullable(),
  /** Draft or rejected, and the signed-in employee's own. */
  canEdit: z.boolean(),
});
export type Timesheet = z.infer<typeof timesheetSchema>;
export const timesheetPageSchema = pageSchema(timesheetSchema);

/** My timesheets, newest first, optionally between two work dates. */
export const timesheetQuerySchema = pageQuerySchema.extend({
  from: z.preprocess(blankToUndefined, z.string().refine(isIsoDate, 'Please enter a valid date').optional()),
  to: z.preprocess(blankToUndefined, z.string().refine(isIsoDate, 'Please enter a valid date').optional()),
});

/** Reject with a reason (`POST /api/erp/timesheets/:id/reject`). */
export const rejectTimesheetSchema = z.object({ reason: requiredText(erpWorkMessages.reasonRequired, 500) });

/** The super admin's ERP actions (Edit Project, approve or reject an entry) carry a fresh code, like every admin action. */
export const adminProjectFormSchema = projectFormSchema.safeExtend({ code: stepUpCodeSchema });
export const adminApproveTimesheetSchema = z.object({ code: stepUpCodeSchema });
export const adminRejectTimesheetSchema = rejectTimesheetSchema.extend({ code: stepUpCodeSchema });

/** The notification button's list (`GET /api/erp/notifications`): the 20 latest and the unread count. */
export const erpNotificationSchema = z.object({
  id: z.uuid(),
  kind: z.enum(['task_assigned', 'timesheet_approved', 'timesheet_rejected']),
  message: z.string(),
  read: z.boolean(),
  createdAt: z.string(),
});
export const erpNotificationsSchema = z.object({ unread: z.number().int(), items: z.array(erpNotificationSchema) });
export type ErpNotifications = z.infer<typeof erpNotificationsSchema>;

/** The header's search (`GET /api/erp/search?q=`): projects by name and tasks by title. */
export const erpSearchQuerySchema = z.object({ q: z.string().trim().max(100, 'Search is too long').default('') });
export const erpSearchSchema = z.object({
  projects: z.array(optionSchema),
  tasks: z.array(optionSchema.extend({ projectName: z.string().nullable() })),
});
export type ErpSearch = z.infer<typeof erpSearchSchema>;
