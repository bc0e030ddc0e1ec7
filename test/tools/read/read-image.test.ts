import { writeFile } from "node:fs/promises";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { createReadTool } from "../../../src/tools/builtin/read/read-tool.js";
import { FileStateCache } from "../../../src/tools/file-state-cache.js";
import { callError, callTool, makeContext, TempFolders, toolsConfig } from "./helpers.js";

const temps = new TempFolders();
afterEach(() => temps.cleanup());

/** A 1×1 PNG. */
const PNG = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==",
  "base64",
);
const JPEG = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(40, 7)]);
const GIF = Buffer.concat([Buffer.from("GIF89a"), Buffer.alloc(20, 1)]);
const WEBP = Buffer.concat([
  Buffer.from("RIFF"),
  Buffer.from([30, 0, 0, 0]),
  Buffer.from("WEBPVP8 "),
  Buffer.alloc(20, 3),
]);

async function setup() {
  const cwd = await temps.make();
  const cache = new FileStateCache();
  const tool = createReadTool(toolsConfig(cwd, await temps.make()));
  return { cwd, cache, tool, context: makeContext(cwd, { readFileState: cache }) };
}

describe("Read shows images as image blocks", () => {
  it.each([
    ["pixel.png", PNG, "image/png"],
    ["photo.jpg", JPEG, "image/jpeg"],
    ["photo.jpeg", JPEG, "image/jpeg"],
    ["anim.gif", GIF, "image/gif"],
    ["pic.webp", WEBP, "image/webp"],
  ])("sends %s as a base64 %s block", async (name, bytes, mediaType) => {
    const { cwd, cache, tool, context } = await setup();
    await writeFile(join(cwd, name), bytes);
    const { block } = await callTool(tool, { file_path: name }, context);
    expect(block.content).toEqual([
      {
        type: "image",
        source: { type: "base64", media_type: mediaType, data: bytes.toString("base64") },
      },
    ]);
    expect(cache.size).toBe(0);
  });

  it("goes by the bytes, not the name: a PNG without an extension is an image", async () => {
    const { cwd, tool, context } = await setup();
    await writeFile(join(cwd, "screenshot"), PNG);
    const { data } = await callTool(tool, { file_path: "screenshot" }, context);
    expect(data).toMatchObject({ type: "image", mediaType: "image/png", bytes: PNG.length });
  });

  it("uses the real format when the extension names another", async () => {
    const { cwd, tool, context } = await setup();
    await writeFile(join(cwd, "really-a-jpeg.png"), JPEG);
    const { data } = await callTool(tool, { file_path: "really-a-jpeg.png" }, context);
    expect(data).toMatchObject({ type: "image", mediaType: "image/jpeg" });
  });

  it("refuses an image over 3.75 MB, saying it is too large", async () => {
    const { cwd, tool, context } = await setup();
    await writeFile(join(cwd, "huge.png"), Buffer.concat([PNG, Buffer.alloc(4 * 1024 * 1024)]));
    const message = await callError(tool, { file_path: "huge.png" }, context);
    expect(message).toContain("too large");
    expect(message).toContain("4.0 MB");
    expect(message).toContain("3.8 MB");
  });

  it("refuses a file named like an image that is not one", async () => {
    const { cwd, tool, context } = await setup();
    await writeFile(join(cwd, "fake.png"), "just text\n");
    const message = await callError(tool, { file_path: "fake.png" }, context);
    expect(message).toContain("not a PNG, JPEG, GIF or WebP image");
  });
});
