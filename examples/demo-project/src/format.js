/** A price in cents as the shop shows it, e.g. 1250 → "€12.50". */
export function formatPrice(cents) {
  // TODO: support currencies other than the euro
  const sign = cents < 0 ? "-" : "";
  const abs = Math.abs(cents);
  return `${sign}€${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, "0")}`;
}
