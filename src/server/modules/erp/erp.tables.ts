import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  date,
  index,
  integer,
  numeric,
  pgTable,
  text,
  time,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { createdAt, id, tstz, updatedAt } from '../../platform/columns';

export const employees = pgTable(
  'employees',
  {
    id: id(),
    email: text('email').notNull(),
    passwordHash: text('password_hash').notNull(),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    phone: text('phone'),
    department: text('department').notNull().default('general'),
    designation: text('designation').notNull().default('employee'),
    employeeId: text('employee_id'),
    dateOfJoining: date('date_of_joining', { mode: 'string' })
      .notNull()
      .default(sql`current_date`),
    address: text('address'),
    emergencyContact: text('emergency_contact'),
    emergencyPhone: text('emergency_phone'),
    isApproved: boolean('is_approved').notNull().default(false),
    isActive: boolean('is_active').notNull().default(true),
    twoFaEnabled: boolean('two_fa_enabled').notNull().default(false),
    twoFaSecret: text('two_fa_secret'),
    lastTotpStep: bigint('last_totp_step', { mode: 'number' }),
    lastLogin: tstz('last_login'),
    /** Set when the super admin deleted an employee with history: personal fields are cleared and sign-in is off. */
    deletedAt: tstz('deleted_at'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('employees_email_unique').on(sql`lower(${t.email})`),
    uniqueIndex('employees_employee_id_unique').on(t.employeeId),
  ],
);

export const employeeSessions = pgTable(
  'employee_sessions',
  {
    id: id(),
    employeeId: uuid('employee_id')
      .notNull()
      .references(() => employees.id, { onDelete: 'cascade' }),
    /** SHA-256 of the session token; the token itself only lives in the cookie. */
    sessionToken: text('session_token').notNull(),
    expiresAt: tstz('expires_at').notNull(),
    ipAddress: text('ip_address'),
    userAgent: text('user_agent'),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('employee_sessions_token_unique').on(t.sessionToken)],
);

const priorityCheck = (col: unknown) => sql`${col} in ('low', 'medium', 'high', 'urgent')`;

export const projects = pgTable(
  'projects',
  {
    id: id(),
    name: text('name').notNull(),
    description: text('description'),
    status: text('status').notNull().default('active'),
    priority: text('priority').notNull().default('medium'),
    startDate: date('start_date', { mode: 'string' })
      .notNull()
      .default(sql`current_date`),
    endDate: date('end_date', { mode: 'string' }),
    budgetPaise: bigint('budget_paise', { mode: 'number' }),
    projectManagerId: uuid('project_manager_id').references(() => employees.id, { onDelete: 'set null' }),
    createdBy: uuid('created_by').references(() => employees.id, { onDelete: 'set null' }),
    clientName: text('client_name'),
    clientEmail: text('client_email'),
    clientPhone: text('client_phone'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('projects_status_check', sql`${t.status} in ('active', 'on_hold', 'completed', 'cancelled')`),
    check('projects_priority_check', priorityCheck(t.priority)),
    check('projects_budget_check', sql`${t.budgetPaise} is null or ${t.budgetPaise} >= 0`),
  ],
);

export const tasks = pgTable(
  'tasks',
  {
    id: id(),
    projectId: uuid('project_id').references(() => projects.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    description: text('description'),
    status: text('status').notNull().default('todo'),
    priority: text('priority').notNull().default('medium'),
    assignedTo: uuid('assigned_to').references(() => employees.id, { onDelete: 'set null' }),
    createdBy: uuid('created_by').references(() => employees.id, { onDelete: 'set null' }),
    estimatedHours: numeric('estimated_hours', { precision: 6, scale: 1, mode: 'number' }),
    dueDate: date('due_date', { mode: 'string' }),
    completionPercentage: integer('completion_percentage').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('tasks_assigned_idx').on(t.assignedTo),
    index('tasks_project_idx').on(t.projectId),
    check('tasks_status_check', sql`${t.status} in ('todo', 'in_progress', 'review', 'done')`),
    check('tasks_priority_check', priorityCheck(t.priority)),
    check('tasks_completion_check', sql`${t.completionPercentage} between 0 and 100`),
    check('tasks_estimated_hours_check', sql`${t.estimatedHours} is null or ${t.estimatedHours} >= 0`),
  ],
);

export const timesheets = pgTable(
  'timesheets',
  {
    id: id(),
    employeeId: uuid('employee_id')
      .notNull()
      .references(() => employees.id, { onDelete: 'cascade' }),
    projectId: uuid('project_id').references(() => projects.id, { onDelete: 'set null' }),
    taskId: uuid('task_id').references(() => tasks.id, { onDelete: 'set null' }),
    workDate: date('work_date', { mode: 'string' })
      .notNull()
      .default(sql`current_date`),
    startTime: time('start_time').notNull(),
    endTime: time('end_time').notNull(),
    description: text('description').notNull(),
    status: text('status').notNull().default('draft'),
    hoursWorked: numeric('hours_worked', { precision: 5, scale: 2, mode: 'number' }).notNull(),
    /** Who approved or rejected the entry, and when; the reason when rejected. */
    approvedBy: uuid('approved_by').references(() => employees.id, { onDelete: 'set null' }),
    reviewedAt: tstz('reviewed_at'),
    rejectionReason: text('rejection_reason'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('timesheets_employee_date_idx').on(t.employeeId, t.workDate),
    check('timesheets_status_check', sql`${t.status} in ('draft', 'submitted', 'approved', 'rejected')`),
    check('timesheets_hours_check', sql`${t.hoursWorked} >= 0 and ${t.hoursWorked} <= 24`),
  ],
);

/** What the notification button lists: a task assigned to the employee, a timesheet entry approved or rejected. */
export const erpNotifications = pgTable(
  'erp_notifications',
  {
    id: id(),
    employeeId: uuid('employee_id')
      .notNull()
      .references(() => employees.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    message: text('message').notNull(),
    readAt: tstz('read_at'),
    createdAt: createdAt(),
  },
  (t) => [
    index('erp_notifications_employee_idx').on(t.employeeId, t.createdAt),
    check(
      'erp_notifications_kind_check',
      sql`${t.kind} in ('task_assigned', 'timesheet_approved', 'timesheet_rejected')`,
    ),
  ],
);
