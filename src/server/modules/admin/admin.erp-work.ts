import type { Page } from '../../../contracts/common.contract';
import type { Project, ProjectDeletion, ProjectFormData, Timesheet } from '../../../contracts/erp-work.contract';
import type { Db } from '../../platform/db';
import {
  deleteProjectIn,
  listProjects,
  listTimesheetsByStatus,
  NOBODY,
  readTimesheetForAdmin,
  reviewTimesheetIn,
  updateProject,
} from '../erp';
import type { SensitiveTx } from './admin.step-up';

/** The ERP tab's projects, newest first (the super admin may edit every one). */
export const listAdminProjects = (db: Db, page: number, pageSize: number): Promise<Page<Project>> =>
  listProjects({ db, viewerId: NOBODY, page, pageSize });

/** The ERP tab's timesheet queue: entries of one status from every employee. */
export const listAdminTimesheets = (
  db: Db,
  status: Timesheet['status'],
  page: number,
  pageSize: number,
): Promise<Page<Timesheet>> => listTimesheetsByStatus({ db, status, page, pageSize });

/** The super admin edits any project with a fresh code; audited in the same transaction. */
export async function editAdminProject({
  sensitiveTx,
  projectId,
  input,
}: {
  sensitiveTx: SensitiveTx;
  projectId: string;
  input: ProjectFormData;
}): Promise<Project> {
  return sensitiveTx(async (tx) => {
    const project = await updateProject({ db: tx as unknown as Db, editor: { kind: 'super_admin' }, projectId, input });
    return {
      result: { ...project, canEdit: true },
      audit: {
        action: 'project_updated',
        resourceType: 'project',
        resourceId: projectId,
        newData: { name: project.name, status: project.status },
      },
    };
  });
}

/** The super admin deletes any project without approved hours (its tasks and entries go with it) with a fresh code; audited in the same transaction. */
export async function deleteAdminProject({
  sensitiveTx,
  projectId,
}: {
  sensitiveTx: SensitiveTx;
  projectId: string;
}): Promise<ProjectDeletion> {
  return sensitiveTx(async (tx) => {
    const { name, ...done } = await deleteProjectIn(tx, { deleter: { kind: 'super_admin' }, projectId });
    return {
      result: done,
      audit: {
        action: 'project_deleted',
        resourceType: 'project',
        resourceId: projectId,
        newData: { name, tasks: done.tasks, entries: done.entries },
      },
    };
  });
}

export type ReviewAdminTimesheetArgs = {
  db: Db;
  sensitiveTx: SensitiveTx;
  id: string;
  decision: 'approved' | 'rejected';
  reason?: string;
};

/** The super admin approves or rejects (with a reason) any submitted entry with a fresh code; audited in the same transaction. */
export async function reviewAdminTimesheet({
  db,
  sensitiveTx,
  id,
  decision,
  reason,
}: ReviewAdminTimesheetArgs): Promise<Timesheet> {
  await sensitiveTx(async (tx) => {
    const entry = await reviewTimesheetIn(tx, { reviewer: { kind: 'super_admin' }, id, decision, reason });
    return {
      audit: {
        action: decision === 'approved' ? 'timesheet_approved' : 'timesheet_rejected',
        resourceType: 'timesheet',
        resourceId: id,
        newData: { employeeId: entry.employeeId, ...(reason ? { reason } : {}) },
      },
    };
  });
  return readTimesheetForAdmin(db, id);
}
