export * from './erp.tables';
export { approveEmployee, deleteEmployee } from './erp.employees';
