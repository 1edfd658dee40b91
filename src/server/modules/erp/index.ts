export * from './erp.tables';
export { approveEmployee } from './erp.employees';
