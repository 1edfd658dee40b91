export * from './erp.tables';
