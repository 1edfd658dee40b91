import { useStaffCan } from '../../api/admin-session';
import { CommissionRulesSection } from './commission-rules-section';
import { HsnCodesSection } from './hsn-codes-section';
import { TaxRatesSection } from './tax-rates-section';

/**
 * The "Commission & tax" tab: the rates settlement uses, each a dated row added with a fresh code.
 * Commission and tax rates need the rates permission; the HSN list needs the HSN codes permission.
 */
export function RatesTab() {
  const can = useStaffCan();
  return (
    <div className="space-y-6">
      {can('rates') && <CommissionRulesSection />}
      {can('rates') && <TaxRatesSection />}
      {can('hsn_codes') && <HsnCodesSection />}
    </div>
  );
}
