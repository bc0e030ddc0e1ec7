import { ModelError } from "../errors.js";
import type { Env } from "../select.js";
import { envSetting } from "./which.js";

/** The scope a Microsoft Entra ID token for Foundry's Anthropic models is asked for. */
const FOUNDRY_SCOPE = "https://ai.azure.com/.default";

/**
 * A Microsoft Entra ID token source for Foundry, from `@azure/identity` (loaded only now):
 * DefaultAzureCredential, which tries the AZURE_CLIENT_ID / AZURE_TENANT_ID /
 * AZURE_CLIENT_SECRET service principal, workload and managed identity, then the Azure CLI's
 * sign-in, reading them from the process environment as Azure's library does. The library
 * caches the token and renews it before it expires. With AZURE_AUTHORITY_HOST set, that host
 * is trusted as given: Microsoft's instance discovery, which would check it at
 * login.microsoftonline.com, is skipped.
 */
export async function entraTokenProvider(env: Env): Promise<() => Promise<string>> {
  const { DefaultAzureCredential, getBearerTokenProvider } = await import("@azure/identity");
  const authorityHost = envSetting(env, "AZURE_AUTHORITY_HOST");
  const credential = new DefaultAzureCredential(
    authorityHost ? { authorityHost, disableInstanceDiscovery: true } : {},
  );
  const provide = getBearerTokenProvider(credential, FOUNDRY_SCOPE);
  return async () => {
    try {
      return await provide();
    } catch (error) {
      const why = error instanceof Error ? error.message : String(error);
      throw new ModelError(
        { kind: "auth" },
        `Microsoft Foundry needs ANTHROPIC_FOUNDRY_API_KEY or a Microsoft Entra ID sign-in (AZURE_CLIENT_ID, AZURE_TENANT_ID and AZURE_CLIENT_SECRET, a managed identity, or az login), or CLAUDE_CODE_SKIP_FOUNDRY_AUTH=1 behind a gateway that signs requests; the sign-in failed: ${why}`,
      );
    }
  };
}
