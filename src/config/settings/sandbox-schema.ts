import { z } from "zod";

/**
 * Claude Code 2.1.332's `sandbox` settings block (the pinned Agent SDK's `Settings` type). A
 * `null` counts as not set: Claude Code's own example files write `"httpProxyPort": null`.
 */
const optional = <T extends z.ZodType>(schema: T) =>
  z.preprocess((value) => (value === null ? undefined : value), schema.optional());

const strings = optional(z.array(z.string()));
const flag = optional(z.boolean());
const port = optional(z.number().int().min(1).max(65_535));
const denyOrPass = optional(z.enum(["deny", "passthrough"]));

const credentialFields = {
  mode: z.enum(["deny", "mask"]),
  extract: optional(z.string()),
  onExtractNoMatch: optional(z.enum(["warn", "deny", "error"])),
  decode: optional(z.literal("jwt")),
  maskClaims: strings,
  injectHosts: strings,
};

export const sandboxNetworkSchema = z.object({
  allowedDomains: strings,
  deniedDomains: strings,
  strictAllowlist: flag,
  allowManagedDomainsOnly: flag,
  allowUnixSockets: strings,
  allowAllUnixSockets: flag,
  allowLocalBinding: flag,
  allowMachLookup: strings,
  httpProxyPort: port,
  socksProxyPort: port,
  tlsTerminate: optional(
    z.object({ caCertPath: optional(z.string()), caKeyPath: optional(z.string()) }),
  ),
});

export const sandboxFilesystemSchema = z.object({
  allowWrite: strings,
  denyWrite: strings,
  denyRead: strings,
  allowRead: strings,
  allowManagedReadPathsOnly: flag,
  disabled: flag,
});

export const sandboxCredentialsSchema = z.object({
  files: optional(
    z.array(
      z.object({ path: z.string(), ...credentialFields, maskDuplicates: optional(z.boolean()) }),
    ),
  ),
  envVars: optional(z.array(z.object({ name: z.string(), ...credentialFields }))),
  allowPlaintextInject: flag,
  awsPairs: optional(
    z.array(
      z.object({
        accessKeyIdVar: z.string(),
        secretAccessKeyVar: z.string(),
        sessionTokenVar: optional(z.string()),
      }),
    ),
  ),
  sigv4: optional(z.object({ streaming: denyOrPass, presigned: denyOrPass, sigv4a: denyOrPass })),
});

/** One settings file's `sandbox` block; unknown keys are kept so they can be named. */
export const sandboxSettingsSchema = z.looseObject({
  enabled: flag,
  failIfUnavailable: flag,
  autoAllowBashIfSandboxed: flag,
  allowUnsandboxedCommands: flag,
  network: optional(sandboxNetworkSchema),
  filesystem: optional(sandboxFilesystemSchema),
  credentials: optional(sandboxCredentialsSchema),
  ignoreViolations: optional(z.record(z.string(), z.array(z.string()))),
  enableWeakerNestedSandbox: flag,
  allowNestedUserNamespaces: flag,
  enableWeakerNetworkIsolation: flag,
  allowAppleEvents: flag,
  excludedCommands: strings,
  ripgrep: optional(z.object({ command: z.string(), args: strings })),
  bwrapPath: optional(z.string()),
  socatPath: optional(z.string()),
});

/** A `sandbox` block after validation. */
export type SandboxSettings = z.infer<typeof sandboxSettingsSchema>;

/** The keys of a `sandbox` block keel knows (the rest are reported and ignored). */
export const SANDBOX_KEYS: ReadonlySet<string> = new Set(Object.keys(sandboxSettingsSchema.shape));
