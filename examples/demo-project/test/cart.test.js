import assert from "node:assert/strict";
import { test } from "node:test";
import { cartTotal, itemCount } from "../src/cart.js";

const cart = [
  { name: "mug", priceCents: 850, quantity: 3 },
  { name: "tea", priceCents: 400, quantity: 1 },
];

test("the total counts every unit of every line", () => {
  assert.equal(cartTotal(cart), 2950);
});

test("an empty cart costs nothing", () => {
  assert.equal(cartTotal([]), 0);
});

test("the item count adds up the quantities", () => {
  assert.equal(itemCount(cart), 4);
});
