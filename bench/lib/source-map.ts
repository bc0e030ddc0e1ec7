import { readFile } from "node:fs/promises";
import { dirname, resolve } from "node:path";
import { z } from "zod";

const BASE64 = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";

const mapSchema = z.object({
  sources: z.array(z.string()),
  mappings: z.string(),
  sourcesContent: z.array(z.string().nullable()).optional(),
});

/** A decoded source map: for each generated line, its segments' columns and source indexes. */
export interface DecodedMap {
  sources: string[];
  /** Bytes of each source inside the generated file (from sourcesContent). */
  sourceSizes: number[];
  lines: Array<Array<[column: number, source: number]>>;
}

/** Decodes one base64 VLQ segment into its numbers. */
function decodeSegment(segment: string): number[] {
  const values: number[] = [];
  let value = 0;
  let shift = 0;
  for (const char of segment) {
    const digit = BASE64.indexOf(char);
    value += (digit & 31) << shift;
    if (digit & 32) shift += 5;
    else {
      values.push(value & 1 ? -(value >>> 1) : value >>> 1);
      value = 0;
      shift = 0;
    }
  }
  return values;
}

/** Reads and decodes the `.map` file beside a generated file. */
export async function loadSourceMap(mapPath: string): Promise<DecodedMap> {
  const map = mapSchema.parse(JSON.parse(await readFile(mapPath, "utf8")));
  let source = 0;
  const lines = map.mappings.split(";").map((line) => {
    let column = 0;
    const segments: Array<[number, number]> = [];
    for (const segment of line.split(",")) {
      if (segment === "") continue;
      const [dColumn = 0, dSource] = decodeSegment(segment);
      column += dColumn;
      if (dSource !== undefined) source += dSource;
      segments.push([column, source]);
    }
    return segments;
  });
  const sizes = map.sources.map((_, i) => Buffer.byteLength(map.sourcesContent?.[i] ?? ""));
  const sources = map.sources.map((source) => resolve(dirname(mapPath), source));
  return { sources, sourceSizes: sizes, lines };
}

/** The source file a generated position (0-based line and column) came from, if mapped. */
export function sourceAt(map: DecodedMap, line: number, column: number): string | undefined {
  const segments = map.lines[line];
  if (!segments || segments.length === 0) return undefined;
  let found = segments[0]!;
  for (const segment of segments) {
    if (segment[0] > column) break;
    found = segment;
  }
  return map.sources[found[1]];
}

/**
 * A short owner for an absolute source path: `pkg <name>` for node_modules, `src/<a>/<b>` for
 * keel's own sources, `bundle <file>` for bundle code no source map covers.
 */
export function ownerOf(source: string): string {
  const parts = source.split("/");
  const cache = parts.indexOf(".cache");
  if (cache !== -1) return `bundle ${parts.at(-1)}`;
  const modules = parts.lastIndexOf("node_modules");
  if (modules !== -1) {
    const name = parts[modules + 1] ?? "";
    return `pkg ${name.startsWith("@") ? `${name}/${parts[modules + 2]}` : name}`;
  }
  const src = parts.lastIndexOf("src");
  return src === -1 ? source : parts.slice(src, src + 3).join("/");
}
