import { todayInIndia } from '../../domain/age';
import { hoursWorked } from '../../domain/timesheet-hours';
import { hashPassword } from '../modules/auth';
import { employees, erpNotifications, projects, tasks, timesheets } from '../modules/erp/erp.tables';
import type { Tx } from '../platform/db';

/** The second demo employee, who manages a project and reviews the demo employee's time on it. */
export const ERP_MANAGER = { email: 'arjun@haat.test', password: 'Employee@123' };

const daysBefore = (date: string, days: number) =>
  new Date(Date.parse(date) - days * 86_400_000).toISOString().slice(0, 10);

/**
 * Projects, tasks, timesheets and notifications for the demo employee (Vikram) and a second
 * employee (Arjun) who manages the mobile app project, so the ERP shows a working week: approved
 * hours this week, entries waiting for each of them, a rejected entry with its reason.
 */
export async function seedErpWork(tx: Tx, { employeeId }: { employeeId: string }): Promise<void> {
  const today = todayInIndia();
  const [arjun] = await tx
    .insert(employees)
    .values({
      email: ERP_MANAGER.email,
      passwordHash: await hashPassword(ERP_MANAGER.password),
      firstName: 'Arjun',
      lastName: 'Menon',
      phone: '9900334455',
      department: 'Engineering',
      designation: 'Engineering Manager',
      employeeId: 'EMP003',
      dateOfJoining: '2021-03-15',
      isApproved: true,
      isActive: true,
    })
    .returning({ id: employees.id });

  const [app, diwali, portal] = await tx
    .insert(projects)
    .values([
      {
        name: 'Haat Mobile App',
        description: 'Android and iOS apps for shoppers',
        status: 'active',
        priority: 'high',
        startDate: daysBefore(today, 60),
        budgetPaise: 12_00_000_00,
        projectManagerId: arjun.id,
        createdBy: arjun.id,
        clientName: 'Haat Internal',
      },
      {
        name: 'Diwali Sale Campaign',
        description: 'Storefront banners and vendor offers for the festive week',
        status: 'active',
        priority: 'urgent',
        startDate: daysBefore(today, 20),
        endDate: daysBefore(today, -30),
        budgetPaise: 2_50_000_00,
        projectManagerId: employeeId,
        createdBy: employeeId,
        clientName: 'Sharma Textiles',
        clientEmail: 'marketing@sharmatextiles.example',
        clientPhone: '9876501234',
      },
      {
        name: 'Vendor Onboarding Portal',
        status: 'on_hold',
        priority: 'medium',
        startDate: daysBefore(today, 90),
        projectManagerId: arjun.id,
        createdBy: employeeId,
      },
    ])
    .returning({ id: projects.id });

  const [checkout, banners, push] = await tx
    .insert(tasks)
    .values([
      {
        projectId: app.id,
        title: 'Checkout screen with points',
        description: 'Spend reward points at checkout in the app',
        status: 'in_progress',
        priority: 'high',
        assignedTo: employeeId,
        createdBy: arjun.id,
        estimatedHours: 16,
        dueDate: daysBefore(today, -7),
        completionPercentage: 60,
      },
      {
        projectId: diwali.id,
        title: 'Festive banners for the home page',
        description: 'Three banner sizes, Hindi and English',
        status: 'review',
        priority: 'urgent',
        assignedTo: employeeId,
        createdBy: employeeId,
        estimatedHours: 6,
        dueDate: daysBefore(today, -3),
        completionPercentage: 90,
      },
      {
        projectId: app.id,
        title: 'Push notifications for order updates',
        status: 'todo',
        priority: 'medium',
        assignedTo: employeeId,
        createdBy: arjun.id,
        estimatedHours: 8.5,
        dueDate: daysBefore(today, -14),
      },
      {
        projectId: diwali.id,
        title: 'Vendor offer emails',
        description: 'Mail every vendor the campaign terms',
        status: 'done',
        priority: 'low',
        assignedTo: arjun.id,
        createdBy: employeeId,
        estimatedHours: 3,
        completionPercentage: 100,
      },
      {
        projectId: portal.id,
        title: 'KYC document upload',
        status: 'todo',
        priority: 'low',
        assignedTo: arjun.id,
        createdBy: employeeId,
        estimatedHours: 12,
      },
    ])
    .returning({ id: tasks.id });

  const entry = (e: {
    employeeId: string;
    projectId: string | null;
    taskId: string | null;
    workDate: string;
    startTime: string;
    endTime: string;
    description: string;
    status: 'draft' | 'submitted' | 'approved' | 'rejected';
    approvedBy?: string;
    rejectionReason?: string;
  }) => ({
    ...e,
    hoursWorked: hoursWorked(e.startTime, e.endTime),
    reviewedAt: e.approvedBy ? new Date() : null,
  });
  await tx.insert(timesheets).values([
    entry({
      employeeId,
      projectId: app.id,
      taskId: checkout.id,
      workDate: today,
      startTime: '09:30',
      endTime: '13:00',
      description: 'Points slider and totals on the checkout screen',
      status: 'approved',
      approvedBy: arjun.id,
    }),
    entry({
      employeeId,
      projectId: app.id,
      taskId: checkout.id,
      workDate: daysBefore(today, 1),
      startTime: '22:00',
      endTime: '02:00',
      description: 'Release night: checkout fixes',
      status: 'submitted',
    }),
    entry({
      employeeId,
      projectId: app.id,
      taskId: push.id,
      workDate: daysBefore(today, 2),
      startTime: '10:00',
      endTime: '12:30',
      description: 'Push notification research',
      status: 'rejected',
      approvedBy: arjun.id,
      rejectionReason: 'Please log this against the research task once it exists',
    }),
    entry({
      employeeId,
      projectId: diwali.id,
      taskId: banners.id,
      workDate: daysBefore(today, 1),
      startTime: '14:00',
      endTime: '18:15',
      description: 'Banner drafts in three sizes',
      status: 'draft',
    }),
    entry({
      employeeId,
      projectId: null,
      taskId: null,
      workDate: daysBefore(today, 3),
      startTime: '11:00',
      endTime: '12:00',
      description: 'Team meeting',
      status: 'draft',
    }),
    entry({
      employeeId: arjun.id,
      projectId: diwali.id,
      taskId: null,
      workDate: daysBefore(today, 1),
      startTime: '15:00',
      endTime: '16:30',
      description: 'Reviewed the vendor offer emails',
      status: 'submitted',
    }),
  ]);

  await tx.insert(erpNotifications).values([
    {
      employeeId,
      kind: 'task_assigned',
      message: 'Arjun Menon assigned you the task "Push notifications for order updates" in Haat Mobile App',
    },
    {
      employeeId,
      kind: 'timesheet_rejected',
      message: `Arjun Menon rejected your timesheet entry of ${daysBefore(today, 2)} (2.50 hrs, Haat Mobile App): Please log this against the research task once it exists`,
    },
    {
      employeeId,
      kind: 'timesheet_approved',
      message: `Arjun Menon approved your timesheet entry of ${today} (3.50 hrs, Haat Mobile App)`,
    },
  ]);
}
