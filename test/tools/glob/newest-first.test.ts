import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { NewestFirst } from "../../../src/tools/builtin/newest-first.js";

/** Paths with times drawn from a small range, so ties are common. */
const listing = fc.uniqueArray(
  fc.record({
    path: fc.stringMatching(/^\/[a-z]{1,6}\.ts$/),
    time: fc.integer({ min: 0, max: 20 }),
  }),
  { selector: (entry) => entry.path, maxLength: 60 },
);

function filled(entries: ReadonlyArray<{ path: string; time: number }>): NewestFirst {
  const list = new NewestFirst();
  for (const entry of entries) list.add(entry.path, entry.time);
  return list;
}

describe("NewestFirst", () => {
  it("gives the newest n exactly as the full sort's first n, ties broken by path", () => {
    fc.assert(
      fc.property(listing, fc.integer({ min: 0, max: 70 }), (entries, count) => {
        expect(filled(entries).newest(count)).toEqual(filled(entries).sorted().slice(0, count));
      }),
      { numRuns: 500 },
    );
  });

  it("sorts newest first, then by path", () => {
    const list = filled([
      { path: "/b.ts", time: 1 },
      { path: "/a.ts", time: 1 },
      { path: "/c.ts", time: 5 },
    ]);
    expect(list.sorted()).toEqual(["/c.ts", "/a.ts", "/b.ts"]);
  });
});
