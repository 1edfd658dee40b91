import { CommissionRulesSection } from './commission-rules-section';
import { HsnCodesSection } from './hsn-codes-section';
import { TaxRatesSection } from './tax-rates-section';

/** The "Commission & tax" tab: the rates settlement uses, each a dated row added with a fresh code. */
export function RatesTab() {
  return (
    <div className="space-y-6">
      <CommissionRulesSection />
      <TaxRatesSection />
      <HsnCodesSection />
    </div>
  );
}
