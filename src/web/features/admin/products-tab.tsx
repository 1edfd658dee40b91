/** The Products tab (being built). */
export function ProductsTab() {
  return <p className="text-slate-700">This tab is being built.</p>;
}
