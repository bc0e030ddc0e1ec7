import type { Plugin } from "esbuild";

/**
 * The esbuild plugin that binds `Headers` and `FormData` inside the Anthropic SDK's modules to
 * keel's undici-free stand-ins (src/model/anthropic/web-headers.ts, no-form-data.ts).
 */
export function sdkWebGlobals(): Plugin;
