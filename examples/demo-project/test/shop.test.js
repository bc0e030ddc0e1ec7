import assert from "node:assert/strict";
import { test } from "node:test";
import { applyDiscount } from "../src/discount.js";
import { formatPrice } from "../src/format.js";
import { slugify } from "../src/slug.js";

test("a discount takes its percentage off, rounded to the cent", () => {
  assert.equal(applyDiscount(999, 10), 899);
  assert.equal(applyDiscount(1000, 150), 0);
});

test("prices show euros and two-digit cents", () => {
  assert.equal(formatPrice(1250), "€12.50");
  assert.equal(formatPrice(5), "€0.05");
  assert.equal(formatPrice(-300), "-€3.00");
});

test("slugs are lower case words joined by dashes", () => {
  assert.equal(slugify("Blue Mug (large)"), "blue-mug-large");
});
