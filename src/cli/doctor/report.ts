import { z } from "zod";

/** What every check says: passed or not, one line why, and lines of detail. */
const verdict = {
  ok: z.boolean(),
  summary: z.string(),
  details: z.array(z.string()),
};

const problemSchema = z.object({
  file: z.string(),
  key: z.string(),
  message: z.string(),
  effect: z.enum(["skipped", "no-effect", "stops"]),
});

/** One MCP server's state as the doctor found it. */
export const doctorServerSchema = z.object({
  name: z.string(),
  scope: z.string(),
  origin: z.string(),
  state: z.enum(["connected", "failed", "needs-approval", "rejected", "untrusted", "invalid"]),
  reason: z.string().optional(),
});

/** One check of `keel doctor --json`, told apart by `id`. */
export const doctorCheckSchema = z.discriminatedUnion("id", [
  z.object({
    id: z.literal("installation"),
    ...verdict,
    version: z.string(),
    node: z.string(),
    platform: z.string(),
    executable: z.string(),
  }),
  z.object({
    id: z.literal("ripgrep"),
    ...verdict,
    path: z.string().optional(),
    version: z.string().optional(),
  }),
  z.object({
    id: z.literal("sandbox"),
    ...verdict,
    bwrap: z.string().optional(),
    enabled: z.boolean(),
    runtime: z.object({ available: z.boolean(), why: z.string().optional() }),
  }),
  z.object({
    id: z.literal("settings"),
    ...verdict,
    files: z.array(z.object({ path: z.string(), source: z.string(), usable: z.boolean() })),
    problems: z.array(problemSchema),
  }),
  z.object({
    id: z.literal("trust"),
    ...verdict,
    folder: z.string(),
    trusted: z.boolean(),
    by: z.string().optional(),
    brings: z.array(z.string()),
  }),
  z.object({ id: z.literal("mcp"), ...verdict, servers: z.array(doctorServerSchema) }),
  z.object({
    id: z.literal("api"),
    ...verdict,
    provider: z.string(),
    model: z.string(),
    url: z.string().optional(),
    status: z.number().optional(),
    cause: z.string().optional(),
  }),
  z.object({
    id: z.literal("web-search"),
    ...verdict,
    offered: z.boolean(),
    backend: z.enum(["searxng", "brave", "tavily"]).optional(),
  }),
]);

/** What `keel doctor --json` prints: every check, and whether all passed. */
export const doctorReportSchema = z.object({
  ok: z.boolean(),
  checks: z.array(doctorCheckSchema),
});

/** One check's result. */
export type DoctorCheck = z.infer<typeof doctorCheckSchema>;

/** One check's result, of one kind. */
export type DoctorCheckOf<K extends DoctorCheck["id"]> = Extract<DoctorCheck, { id: K }>;

/** The whole report. */
export type DoctorReport = z.infer<typeof doctorReportSchema>;

/** One MCP server's line. */
export type DoctorServer = z.infer<typeof doctorServerSchema>;
