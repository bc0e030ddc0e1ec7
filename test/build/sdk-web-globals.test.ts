import { execFile } from "node:child_process";
import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import { build, type Plugin } from "esbuild";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { sdkWebGlobals } from "../../scripts/sdk-web-globals.mjs";

const run = promisify(execFile);

/** An SDK module that uses the globals, as the SDK's client and headers modules do. */
const USES_GLOBALS = `
export const makeHeaders = (init) => new Headers(init);
export const isFormData = (value) => value instanceof FormData;
export const makeFormData = () => new FormData();
`;

/** An SDK module with a Headers of its own: it must keep it. */
const OWN_HEADERS = `
export class Headers {
  constructor() { this.own = true; }
}
export const makeOwn = () => new Headers();
`;

/** What the bundled code saw, printed as JSON by a fresh node process. */
const ENTRY = `
import { isFormData, makeFormData, makeHeaders } from "./node_modules/@anthropic-ai/sdk/uses.mjs";
import { makeOwn } from "./node_modules/@anthropic-ai/sdk/own.mjs";
const headers = makeHeaders({ "Retry-After": "7" });
let formError = null;
try { makeFormData(); } catch (error) { formError = error.message; }
const undici = process.moduleLoadList.filter((name) => name.includes("undici"));
console.log(JSON.stringify({
  retryAfter: headers.get("retry-after"),
  copied: makeHeaders(headers).get("RETRY-AFTER"),
  emptyHas: makeHeaders().has("retry-after"),
  isFormData: isFormData({}),
  formError,
  own: makeOwn().own === true,
  undici,
}));
`;

interface Report {
  retryAfter: string | null;
  copied: string | null;
  emptyHas: boolean;
  isFormData: boolean;
  formError: string | null;
  own: boolean;
  undici: string[];
}

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), "keel-sdk-web-globals-"));
  const sdk = join(dir, "node_modules", "@anthropic-ai", "sdk");
  await mkdir(sdk, { recursive: true });
  await writeFile(join(sdk, "uses.mjs"), USES_GLOBALS);
  await writeFile(join(sdk, "own.mjs"), OWN_HEADERS);
  await writeFile(join(dir, "entry.mjs"), ENTRY);
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

/** Bundles the entry with the given plugins, runs the bundle in a fresh node, returns its report. */
async function bundleAndRun(plugins: Plugin[], format: "esm" | "cjs"): Promise<Report> {
  const outfile = join(dir, format === "esm" ? "out.mjs" : "out.cjs");
  await build({
    entryPoints: [join(dir, "entry.mjs")],
    outfile,
    bundle: true,
    format,
    platform: "node",
    target: "node20",
    logLevel: "silent",
    plugins,
  });
  const { stdout } = await run(process.execPath, [outfile]);
  return JSON.parse(stdout) as Report;
}

describe("the esbuild plugin that keeps undici out of the Anthropic SDK", () => {
  it.each(["esm", "cjs"] as const)(
    "binds the SDK's Headers and FormData to keel's stand-ins (%s bundle)",
    async (format) => {
      const report = await bundleAndRun([sdkWebGlobals()], format);
      expect(report).toEqual({
        retryAfter: "7",
        copied: "7",
        emptyHas: false,
        isFormData: false,
        formError:
          "keel sends no multipart bodies: FormData is not available to the Anthropic SDK in keel's build",
        own: true,
        undici: [],
      });
    },
  );

  it("is what keeps undici out: without it the same code loads undici and builds a FormData", async () => {
    const report = await bundleAndRun([], "esm");
    expect(report.undici.length).toBeGreaterThan(0);
    expect(report.formError).toBeNull();
    expect(report.retryAfter).toBe("7");
  });
});
