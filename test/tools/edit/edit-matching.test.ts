import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { failureOf, successOf, useTempDir } from "../file-io/helpers.js";
import { readyFile, runEdit } from "./helpers.js";

let dir: string;
useTempDir((made) => {
  dir = made;
});

const SOURCE = [
  "function greet(name) {",
  "  const greeting = 'Hello';",
  "  return greeting + ', ' + name;",
  "}",
  "",
  "function part() {",
  "  return 1;",
  "}",
  "",
].join("\n");

describe("Edit matching", () => {
  it("shows the closest lines with their numbers when old_string is not found", async () => {
    const path = join(dir, "g.js");
    const context = await readyFile(dir, path, SOURCE);
    const wrongIndent = "const greeting = 'Hello';\n return greeting + ', ' + name;";
    const message = failureOf(
      await runEdit(dir, { file_path: path, old_string: wrongIndent, new_string: "x" }, context),
    );
    expect(message).toContain(`String to replace not found in file.\nString: ${wrongIndent}`);
    expect(message).toContain("lines 2-3");
    expect(message).toContain(
      "2\t  const greeting = 'Hello';\n3\t  return greeting + ', ' + name;",
    );
    expect(await readFile(path, "utf8")).toBe(SOURCE);
  });

  it("says so when nothing in the file is similar", async () => {
    const path = join(dir, "g.js");
    const context = await readyFile(dir, path, SOURCE);
    const message = failureOf(
      await runEdit(dir, { file_path: path, old_string: "zzzz qqqq", new_string: "x" }, context),
    );
    expect(message).toContain("No similar text was found");
  });

  it("refuses several matches, giving the count and the two ways out", async () => {
    const path = join(dir, "dup.txt");
    const context = await readyFile(dir, path, "item\nitem\nother\nitem\n");
    const message = failureOf(
      await runEdit(dir, { file_path: path, old_string: "item", new_string: "thing" }, context),
    );
    expect(message).toContain(
      "Found 3 matches of the string to replace, but replace_all is false.",
    );
    expect(message).toContain("set replace_all to true");
    expect(message).toContain("provide more context");
    expect(await readFile(path, "utf8")).toBe("item\nitem\nother\nitem\n");
  });

  it("replaces every occurrence with replace_all and says so", async () => {
    const path = join(dir, "dup.txt");
    const context = await readyFile(dir, path, "item\nitem\nother\nitem\n");
    const outcome = await runEdit(
      dir,
      { file_path: path, old_string: "item", new_string: "thing", replace_all: true },
      context,
    );
    const { output, text } = successOf(outcome);
    expect(text).toBe(
      `The file ${path} has been updated successfully. All occurrences were successfully replaced.`,
    );
    expect(output.replacements).toBe(3);
    expect(await readFile(path, "utf8")).toBe("thing\nthing\nother\nthing\n");
  });

  it("matches straight quotes to the file's curly ones and keeps the curly style", async () => {
    const path = join(dir, "prose.md");
    const context = await readyFile(dir, path, "She said “don’t go” and left.\n");
    const outcome = await runEdit(
      dir,
      { file_path: path, old_string: `said "don't go"`, new_string: `said "don't stay"` },
      context,
    );
    successOf(outcome);
    expect(await readFile(path, "utf8")).toBe("She said “don’t stay” and left.\n");
  });

  it("matches curly quotes to the file's straight ones and writes straight quotes", async () => {
    const path = join(dir, "code.py");
    const context = await readyFile(dir, path, "print('it works')\n");
    successOf(
      await runEdit(
        dir,
        { file_path: path, old_string: "print(‘it works’)", new_string: "print(‘it still works’)" },
        context,
      ),
    );
    expect(await readFile(path, "utf8")).toBe("print('it still works')\n");
  });

  it("removes the line break too when deleting a whole line's text", async () => {
    const path = join(dir, "lines.txt");
    const context = await readyFile(dir, path, "keep\ndrop me\nkeep too\n");
    successOf(
      await runEdit(dir, { file_path: path, old_string: "drop me", new_string: "" }, context),
    );
    expect(await readFile(path, "utf8")).toBe("keep\nkeep too\n");
  });
});
