import { readFile } from "node:fs/promises";
import { fileURLToPath } from "node:url";
import { z } from "zod";
import { type DecodedMap, loadSourceMap, ownerOf, sourceAt } from "./source-map.js";
import { round } from "./stats.js";

const profileSchema = z.object({
  nodes: z.array(
    z.object({
      id: z.number(),
      callFrame: z.object({
        functionName: z.string(),
        url: z.string(),
        lineNumber: z.number(),
        columnNumber: z.number(),
      }),
    }),
  ),
  samples: z.array(z.number()),
  timeDeltas: z.array(z.number()),
});

type CallFrame = z.infer<typeof profileSchema>["nodes"][number]["callFrame"];

/** Self time of one function (or of one owner: a package or a src/ folder). */
export interface SelfTime {
  name: string;
  /** The source file (through the bundle's source map) or the script URL. */
  where: string;
  owner: string;
  selfMs: number;
}

/** Where a CPU profile's time went. */
export interface ProfileSummary {
  profiles: number;
  /** Mean profiled time per run. */
  totalMs: number;
  topFunctions: SelfTime[];
  byOwner: Array<{ owner: string; selfMs: number }>;
}

const maps = new Map<string, Promise<DecodedMap | undefined>>();

function mapFor(file: string): Promise<DecodedMap | undefined> {
  let map = maps.get(file);
  if (!map) {
    map = loadSourceMap(`${file}.map`).catch(() => undefined);
    maps.set(file, map);
  }
  return map;
}

/** The file a frame ran from: ES modules have file: URLs, the print bundle (a vm.Script) a path. */
function scriptFile(url: string): string | undefined {
  if (url.startsWith("file:")) return fileURLToPath(url);
  return url.startsWith("/") ? url : undefined;
}

async function locate(frame: CallFrame): Promise<{ where: string; owner: string }> {
  if (frame.url === "") return { where: "(native)", owner: frame.functionName };
  const file = scriptFile(frame.url);
  if (file === undefined) return { where: frame.url, owner: frame.url };
  const map = await mapFor(file);
  const source = map && sourceAt(map, frame.lineNumber, frame.columnNumber);
  const where = source ?? file;
  return { where, owner: ownerOf(where) };
}

/** Self milliseconds per node id of one profile. */
function selfTimes(profile: z.infer<typeof profileSchema>): Map<number, number> {
  const self = new Map<number, number>();
  profile.samples.forEach((id, i) => {
    self.set(id, (self.get(id) ?? 0) + (profile.timeDeltas[i] ?? 0) / 1000);
  });
  return self;
}

function addTo(totals: Map<string, SelfTime>, key: string, entry: SelfTime): void {
  const existing = totals.get(key);
  if (existing) existing.selfMs += entry.selfMs;
  else totals.set(key, { ...entry });
}

/** Summarises .cpuprofile files: mean self time by function and by owner, largest first. */
export async function summariseProfiles(
  paths: readonly string[],
  top: number,
): Promise<ProfileSummary> {
  const functions = new Map<string, SelfTime>();
  const owners = new Map<string, SelfTime>();
  let total = 0;
  for (const path of paths) {
    const profile = profileSchema.parse(JSON.parse(await readFile(path, "utf8")));
    const frames = new Map(profile.nodes.map((node) => [node.id, node.callFrame]));
    for (const [id, ms] of selfTimes(profile)) {
      const frame = frames.get(id)!;
      const { where, owner } = await locate(frame);
      const name = frame.functionName || "(anonymous)";
      const entry = { name, where, owner, selfMs: ms };
      addTo(functions, `${name}\0${where}\0${frame.lineNumber}`, entry);
      addTo(owners, owner, entry);
      total += ms;
    }
  }
  const mean = (entry: SelfTime) => ({ ...entry, selfMs: round(entry.selfMs / paths.length) });
  const sorted = (values: Iterable<SelfTime>) =>
    [...values]
      .sort((a, b) => b.selfMs - a.selfMs)
      .slice(0, top)
      .map(mean);
  return {
    profiles: paths.length,
    totalMs: round(total / paths.length),
    topFunctions: sorted(functions.values()),
    byOwner: sorted(owners.values()).map(({ owner, selfMs }) => ({ owner, selfMs })),
  };
}
