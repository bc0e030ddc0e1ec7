import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { applyEdit } from "../../../src/tools/builtin/edit/apply.js";
import { withLineEnding } from "../../../src/tools/builtin/file-io/line-endings.js";

const line = fc.stringMatching(/^[a-z ]{0,12}$/);
const nonEmpty = fc.stringMatching(/^[a-z ]{1,12}$/);
const MARK = "<<unique>>";

describe("applying an edit to text", () => {
  it("replaces a unique occurrence exactly like a plain string replacement", () => {
    fc.assert(
      fc.property(fc.array(line), fc.array(line), nonEmpty, (before, after, replacement) => {
        const content = [...before, MARK, ...after].join("\n");
        const outcome = applyEdit(content, {
          old_string: MARK,
          new_string: replacement,
          replace_all: false,
        });
        expect(outcome).toEqual({
          ok: true,
          updated: content.replace(MARK, replacement),
          replacements: 1,
        });
      }),
    );
  });

  it("gives the same result on a CRLF file as on its LF twin, in CRLF", () => {
    fc.assert(
      fc.property(
        fc.array(line, { minLength: 1 }),
        fc.array(line),
        fc.array(line, { minLength: 1 }),
        (before, after, added) => {
          const lf = [...before, MARK, "tail", ...after, ""].join("\n");
          const request = {
            old_string: `${MARK}\ntail`,
            new_string: added.join("\n"),
            replace_all: false,
          };
          const expectedLf = applyEdit(lf, request);
          const crlf = applyEdit(withLineEnding(lf, "\r\n"), request);
          if (!expectedLf.ok || !crlf.ok) throw new Error("edit unexpectedly failed");
          expect(crlf.updated).toBe(withLineEnding(expectedLf.updated, "\r\n"));
        },
      ),
    );
  });
});
