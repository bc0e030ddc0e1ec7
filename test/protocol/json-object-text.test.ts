import { describe, expect, it } from "vitest";
import { jsonObjectText } from "../../src/protocol/json-object-text.js";

describe("the JSON object in a model's answer", () => {
  it("is the text from the first { to the last }, fence and words around it left out", () => {
    const answer = 'Here it is:\n```json\n{"ok": false, "reason": "no {tests}"}\n```\nDone.';
    expect(jsonObjectText(answer)).toBe('{"ok": false, "reason": "no {tests}"}');
  });

  it("is absent when the answer has no {, no }, or a } only before its first {", () => {
    expect(jsonObjectText("no object here")).toBeUndefined();
    expect(jsonObjectText('{"ok": true')).toBeUndefined();
    expect(jsonObjectText('"ok": true}')).toBeUndefined();
    expect(jsonObjectText("} then {")).toBeUndefined();
  });

  it("is returned as it stands, whether or not it parses", () => {
    expect(jsonObjectText("{not json}")).toBe("{not json}");
  });
});
