export { approveEmployee, deleteEmployee, getEmployeeRegistration, listEmployeeRegistrations } from './erp.employees';
export { erpRoutes } from './erp.routes';
export { erpWorkRoutes } from './erp.work.routes';
export { ERP_SESSION_COOKIE } from './erp.sessions';
export { listProjects, NOBODY, updateProject } from './erp.projects';
export { listTimesheetsByStatus, readTimesheetForAdmin, reviewTimesheetIn } from './erp.timesheets';
