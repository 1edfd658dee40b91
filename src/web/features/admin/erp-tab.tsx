import type { AdminParts } from './admin-parts';
import { ErpProjectsSection } from './erp-projects-section';
import { ErpTimesheetsSection } from './erp-timesheets-section';

/** The ERP tab: every employee's timesheet entries (approve or reject the submitted ones), then every project (edit any). */
export function ErpTab({ parts }: { parts: AdminParts }) {
  return (
    <div className="space-y-10">
      <ErpTimesheetsSection />
      <ErpProjectsSection parts={parts} />
    </div>
  );
}
