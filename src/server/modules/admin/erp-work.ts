import type { Page } from '../../../contracts/common.contract';
import type { Project, ProjectFormData, Timesheet } from '../../../contracts/erp-work.contract';
import type { AdminUser } from '../../platform/auth-guards';
import type { Config } from '../../platform/config';
import type { Db } from '../../platform/db';
import { recordAudit } from '../audit';
import { consumeAdminStepUp } from '../auth';
import { listProjects, listTimesheetsByStatus, NOBODY, readTimesheetForAdmin, reviewTimesheetIn, updateProject } from '../erp';

type From = { ip: string; userAgent: string | null };

/** The ERP tab's projects, newest first (the super admin may edit every one). */
export const listAdminProjects = (db: Db, page: number, pageSize: number): Promise<Page<Project>> => listProjects({ db, viewerId: NOBODY, page, pageSize });

/** The ERP tab's timesheet queue: entries of one status from every employee. */
export const listAdminTimesheets = (db: Db, status: Timesheet['status'], page: number, pageSize: number): Promise<Page<Timesheet>> => listTimesheetsByStatus({ db, status, page, pageSize });

/** The super admin edits any project with a fresh code; audited in the same transaction. */
export async function editAdminProject({ db, config, admin, projectId, input, code, from }: { db: Db; config: Config; admin: AdminUser; projectId: string; input: ProjectFormData; code: string | undefined; from: From }): Promise<Project> {
  return db.transaction(async (tx) => {
    await consumeAdminStepUp(tx, { config, adminId: admin.id, code });
    const project = await updateProject({ db: tx as unknown as Db, editor: { kind: 'super_admin' }, projectId, input });
    await recordAudit(tx, { actorType: 'admin', actorId: admin.id, action: 'project_updated', resourceType: 'project', resourceId: projectId, newData: { name: project.name, status: project.status }, ipAddress: from.ip, userAgent: from.userAgent });
    return { ...project, canEdit: true };
  });
}

export type ReviewAdminTimesheetArgs = { db: Db; config: Config; admin: AdminUser; id: string; decision: 'approved' | 'rejected'; reason?: string; code: string | undefined; from: From };

/** The super admin approves or rejects (with a reason) any submitted entry with a fresh code; audited in the same transaction. */
export async function reviewAdminTimesheet({ db, config, admin, id, decision, reason, code, from }: ReviewAdminTimesheetArgs): Promise<Timesheet> {
  await db.transaction(async (tx) => {
    await consumeAdminStepUp(tx, { config, adminId: admin.id, code });
    const entry = await reviewTimesheetIn(tx, { reviewer: { kind: 'super_admin' }, id, decision, reason });
    await recordAudit(tx, {
      actorType: 'admin',
      actorId: admin.id,
      action: decision === 'approved' ? 'timesheet_approved' : 'timesheet_rejected',
      resourceType: 'timesheet',
      resourceId: id,
      newData: { employeeId: entry.employeeId, ...(reason ? { reason } : {}) },
      ipAddress: from.ip,
      userAgent: from.userAgent,
    });
  });
  return readTimesheetForAdmin(db, id);
}
