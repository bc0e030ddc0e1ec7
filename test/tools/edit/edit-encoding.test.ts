import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { NOT_TEXT_MESSAGE } from "../../../src/tools/builtin/edit/plan.js";
import { failureOf, successOf, useTempDir } from "../file-io/helpers.js";
import { readyFile, runEdit } from "./helpers.js";

let dir: string;
useTempDir((made) => {
  dir = made;
});

const UTF16LE_BOM = Buffer.from([0xff, 0xfe]);
const UTF8_BOM = Buffer.from([0xef, 0xbb, 0xbf]);

describe("Edit keeps line endings and encodings", () => {
  it("matches LF old_string in a CRLF file and writes the replacement with CRLF", async () => {
    const path = join(dir, "win.txt");
    const context = await readyFile(dir, path, "alpha\r\nbeta\r\ngamma\r\n");
    const outcome = await runEdit(
      dir,
      { file_path: path, old_string: "alpha\nbeta", new_string: "alpha\nBETA\nextra" },
      context,
    );
    const { output } = successOf(outcome);
    expect(await readFile(path, "utf8")).toBe("alpha\r\nBETA\r\nextra\r\ngamma\r\n");
    expect(output.structuredPatch[0]?.lines).toEqual([
      " alpha",
      "-beta",
      "+BETA",
      "+extra",
      " gamma",
    ]);
  });

  it("leaves the rest of a mixed-ending file byte for byte", async () => {
    const path = join(dir, "mixed.txt");
    const context = await readyFile(dir, path, "a\r\nb\nc\r\nd\n");
    successOf(await runEdit(dir, { file_path: path, old_string: "c", new_string: "C" }, context));
    expect(await readFile(path, "utf8")).toBe("a\r\nb\nC\r\nd\n");
  });

  it("keeps a UTF-16LE file with its byte-order mark in UTF-16LE", async () => {
    const path = join(dir, "wide.txt");
    const original = Buffer.concat([
      UTF16LE_BOM,
      Buffer.from("Größe: 1\r\nName: x\r\n", "utf16le"),
    ]);
    const context = await readyFile(dir, path, original);
    successOf(
      await runEdit(
        dir,
        { file_path: path, old_string: "Größe: 1\nName", new_string: "Größe: 2\nName" },
        context,
      ),
    );
    const expected = Buffer.concat([
      UTF16LE_BOM,
      Buffer.from("Größe: 2\r\nName: x\r\n", "utf16le"),
    ]);
    expect(await readFile(path)).toEqual(expected);
  });

  it("keeps a UTF-8 byte-order mark", async () => {
    const path = join(dir, "bom.cs");
    const context = await readyFile(
      dir,
      path,
      Buffer.concat([UTF8_BOM, Buffer.from("int x = 1;\n")]),
    );
    successOf(
      await runEdit(dir, { file_path: path, old_string: "x = 1", new_string: "x = 2" }, context),
    );
    expect(await readFile(path)).toEqual(Buffer.concat([UTF8_BOM, Buffer.from("int x = 2;\n")]));
  });

  it("refuses to edit bytes that are not valid text rather than corrupt them", async () => {
    const path = join(dir, "latin1.txt");
    const original = Buffer.from([0x63, 0x61, 0x66, 0xe9, 0x0a, 0x6f, 0x6b, 0x0a]);
    const context = await readyFile(dir, path, original);
    expect(
      failureOf(
        await runEdit(dir, { file_path: path, old_string: "ok", new_string: "fine" }, context),
      ),
    ).toBe(NOT_TEXT_MESSAGE);
    expect(await readFile(path)).toEqual(original);
  });
});
