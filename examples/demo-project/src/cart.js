/** The total of a cart, in cents: each line is { name, priceCents, quantity }. */
export function cartTotal(lines) {
  // TODO: quantities are ignored, so three mugs cost the same as one
  return lines.reduce((sum, line) => sum + line.priceCents, 0);
}

/** The number of items in a cart, counting every unit of every line. */
export function itemCount(lines) {
  return lines.reduce((count, line) => count + line.quantity, 0);
}
