/** A price after a percentage discount, in whole cents (rounded half up). */
export function applyDiscount(priceCents, percent) {
  // TODO: refuse discounts above 100% instead of clamping them
  const clamped = Math.min(Math.max(percent, 0), 100);
  return Math.round((priceCents * (100 - clamped)) / 100);
}
