/** The Vendors tab (being built). */
export function VendorsTab() {
  return <p className="text-slate-700">This tab is being built.</p>;
}
