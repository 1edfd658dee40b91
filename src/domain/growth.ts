/** Growth of `current` over `previous` in percent, one decimal; null when there was nothing before to compare with. */
export function growthPercent(current: number, previous: number): number | null {
  if (previous === 0) return null;
  return Math.round(((current - previous) / previous) * 1000) / 10;
}
