import { existsSync } from "node:fs";
import { mkdir, mkdtemp, realpath, rm, writeFile } from "node:fs/promises";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { type DoctorReport, doctorReportSchema } from "../../src/cli/doctor/report.js";
import { afterEachTest } from "../helpers/after-each-test.js";
import { type KeelRun, runKeel } from "../helpers/run-keel.js";
import { anthropicEnv, scriptedServer } from "../helpers/scripted.js";

/** A project folder, a home and keel's state folder, removed after each test. */
export interface DoctorPlace {
  dir: string;
  home: string;
  stateDir: string;
}

const places: DoctorPlace[] = [];

afterEachTest(async () => {
  for (const place of places.splice(0)) {
    await rm(place.dir, { recursive: true, force: true });
    await rm(place.home, { recursive: true, force: true });
  }
});

/** A fresh project and home for one test. */
export async function doctorPlace(): Promise<DoctorPlace> {
  const dir = await realpath(await mkdtemp(join(tmpdir(), "keel-doctor-")));
  const home = await realpath(await mkdtemp(join(tmpdir(), "keel-doctor-home-")));
  const place = { dir, home, stateDir: join(home, ".keel") };
  places.push(place);
  return place;
}

/** Writes JSON (or text) to a file, making its folder. */
export async function put(path: string, value: unknown): Promise<string> {
  await mkdir(dirname(path), { recursive: true });
  await writeFile(path, typeof value === "string" ? value : JSON.stringify(value));
  return path;
}

/** Marks the project folder trusted, as answering yes in the REPL would. */
export async function trust(place: DoctorPlace): Promise<void> {
  await put(join(place.stateDir, "trust.json"), {
    folders: { [place.dir]: { trustedAt: "2026-01-01T00:00:00.000Z" } },
  });
}

/** Our stdio MCP server (test/fixtures/mcp/test-server.mjs) as a `.mcp.json` entry. */
export const testServerEntry = {
  command: process.execPath,
  args: [fileURLToPath(new URL("../fixtures/mcp/test-server.mjs", import.meta.url))],
};

/** Declares servers in the project's `.mcp.json` and approves them in settings.local.json. */
export async function projectServers(
  place: DoctorPlace,
  servers: Record<string, unknown>,
): Promise<void> {
  await put(join(place.dir, ".mcp.json"), { mcpServers: servers });
  await put(join(place.dir, ".claude", "settings.local.json"), {
    enabledMcpjsonServers: Object.keys(servers),
  });
}

/** A port nothing listens on (taken, then let go). */
export async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const address = server.address();
  await new Promise<void>((resolve) => server.close(() => resolve()));
  if (!address || typeof address === "string") throw new Error("no port");
  return address.port;
}

/** PATH without the folders that hold `program`. */
export function pathWithout(program: string, path = process.env.PATH ?? ""): string {
  return path
    .split(":")
    .filter((folder) => folder !== "" && !existsSync(join(folder, program)))
    .join(":");
}

/** Runs `keel doctor` (with `args`) in the place, against a scripted server unless env says otherwise. */
export async function runDoctor(
  place: DoctorPlace,
  args: string[] = [],
  env: Record<string, string> = {},
): Promise<KeelRun> {
  const server = await scriptedServer({ turns: [] });
  return runKeel(["doctor", ...args], {
    cwd: place.dir,
    env: { ...anthropicEnv(server), HOME: place.home, KEEL_CONFIG_DIR: place.stateDir, ...env },
  });
}

/** `keel doctor --json`'s report, checked against its schema. */
export function reportOf(run: KeelRun): DoctorReport {
  return doctorReportSchema.parse(JSON.parse(run.stdout));
}

/** The checks that failed. */
export function failedChecks(report: DoctorReport): string[] {
  return report.checks.filter((check) => !check.ok).map((check) => check.id);
}
