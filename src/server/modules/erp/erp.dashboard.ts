import { sql } from 'drizzle-orm';
import type { ErpDashboard } from '../../../contracts/erp.contract';
import { queryRows, type Db } from '../../platform/db';

// The week starts on Sunday, in India: today's date there, less its day of the week.
const weekStart = sql`((now() at time zone 'Asia/Kolkata')::date - extract(dow from (now() at time zone 'Asia/Kolkata'))::int)`;

/**
 * The ERP dashboard: employees who can sign in, active projects, completed and pending tasks, the
 * employee's approved hours this week (from Sunday, India time), and the employee's 5 latest tasks.
 */
export async function getErpDashboard({ db, employeeId }: { db: Db; employeeId: string }): Promise<ErpDashboard> {
  const [[stats], recent] = await Promise.all([
    queryRows<{ employees: number; projects: number; completed: number; pending: number; hours: string | number }>(
      db,
      sql`select
            (select count(*)::int from employees where is_approved and is_active and deleted_at is null) as employees,
            (select count(*)::int from projects where status = 'active') as projects,
            (select count(*)::int from tasks where status = 'done') as completed,
            (select count(*)::int from tasks where status <> 'done') as pending,
            (select coalesce(sum(hours_worked), 0) from timesheets
              where employee_id = ${employeeId} and status = 'approved' and work_date >= ${weekStart} and work_date < ${weekStart} + 7) as hours`,
    ),
    queryRows<{ id: string; title: string; project_name: string | null; status: string }>(
      db,
      sql`select t.id, t.title, p.name as project_name, t.status from tasks t left join projects p on p.id = t.project_id
          where t.assigned_to = ${employeeId} order by t.created_at desc, t.id desc limit 5`,
    ),
  ]);
  return {
    stats: {
      totalEmployees: stats.employees,
      activeProjects: stats.projects,
      completedTasks: stats.completed,
      pendingTasks: stats.pending,
      totalHoursThisWeek: Number(stats.hours),
    },
    recentTasks: recent.map((t) => ({ id: t.id, title: t.title, projectName: t.project_name, status: t.status })),
  };
}
