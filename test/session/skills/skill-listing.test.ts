import { describe, expect, it } from "vitest";
import { skillListing } from "../../../src/session/skills/skill-listing.js";

const skills = [
  { name: "pdf", description: "Works with PDF files of every kind, forms included" },
  { name: "commit", description: "Writes a commit message from the staged diff" },
  { name: "bare", description: "" },
];

describe("the skill listing", () => {
  it("lists every entry whole when they fit in 1% of the window", () => {
    expect(skillListing(skills, { contextWindowTokens: 200_000 })).toBe(
      [
        "- pdf: Works with PDF files of every kind, forms included",
        "- commit: Writes a commit message from the staged diff",
        "- bare",
      ].join("\n"),
    );
  });

  it("cuts each description to the per-entry cap", () => {
    const text = skillListing(skills, { contextWindowTokens: 200_000, maxDescChars: 10 });
    expect(text.split("\n")[0]).toBe("- pdf: Works wit…");
  });

  it("over budget, shares the room equally among descriptions", () => {
    const text = skillListing(skills, { contextWindowTokens: 200_000, charBudget: 110 });
    expect(text.length).toBeLessThanOrEqual(110);
    expect(text).toContain("- pdf: Works with PDF");
    expect(text).toContain("…");
  });

  it("names alone when the share would be too small to say anything", () => {
    expect(skillListing(skills, { contextWindowTokens: 200_000, charBudget: 40 })).toBe(
      "- pdf\n- commit\n- bare",
    );
  });

  it("the fraction scales with the window", () => {
    const long = [{ name: "x", description: "d".repeat(500) }];
    expect(skillListing(long, { contextWindowTokens: 10_000 })).toContain("d".repeat(300));
    expect(skillListing(long, { contextWindowTokens: 10_000, fraction: 0.0005 })).toBe("- x");
  });
});
