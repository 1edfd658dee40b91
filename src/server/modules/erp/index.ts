export {
  approveEmployee,
  deleteEmployee,
  getEmployeeRegistration,
  listEmployeeRegistrations,
  setEmployeeActive,
} from './erp.employees';
export { getEmployeeRecord, updateEmployeeRecord } from './erp.employee-record';
export { erpRoutes } from './erp.routes';
export { erpWorkRoutes } from './erp.work.routes';
export { ERP_SESSION_COOKIE } from './erp.sessions';
export { deleteProjectIn, listProjects, NOBODY, projectDeletion, updateProject } from './erp.projects';
export { listTimesheetsByStatus, readTimesheetForAdmin, reviewTimesheetIn } from './erp.timesheets';
export { employeeRows } from './erp.rows';
