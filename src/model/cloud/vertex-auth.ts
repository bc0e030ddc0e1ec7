import { readFile } from "node:fs/promises";
import type { GoogleAuth } from "google-auth-library";
import { z } from "zod";
import { ModelError } from "../errors.js";

/** The scope Vertex AI's Anthropic models need (the one @anthropic-ai/vertex-sdk asks for). */
const CLOUD_PLATFORM_SCOPE = "https://www.googleapis.com/auth/cloud-platform";

/** Where google-auth-library sends a service account's signed assertion, whatever the key says. */
const GOOGLE_TOKEN_URL = "https://oauth2.googleapis.com/token";

/** The fields of a service-account key file keel reads (the rest are passed on as they are). */
const serviceAccountKey = z.looseObject({
  type: z.literal("service_account"),
  client_email: z.string().min(1),
  private_key: z.string().min(1),
  token_uri: z.url().optional(),
});

function keyError(path: string, problem: string): ModelError {
  return new ModelError(
    { kind: "auth" },
    `Vertex AI: GOOGLE_APPLICATION_CREDENTIALS (${path}) ${problem}`,
  );
}

/**
 * Reads the key file: a service-account key, checked, or (another kind of credentials file,
 * such as gcloud's authorized_user) `undefined`; an unreadable or malformed one is a clear
 * auth error.
 */
async function readKey(path: string): Promise<z.infer<typeof serviceAccountKey> | undefined> {
  let text: string;
  try {
    text = await readFile(path, "utf8");
  } catch (error) {
    throw keyError(path, `cannot be read: ${(error as NodeJS.ErrnoException).code ?? error}`);
  }
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    throw keyError(path, "is not valid JSON");
  }
  const kind = z.looseObject({ type: z.string() }).safeParse(json);
  if (kind.success && kind.data.type !== "service_account") return undefined;
  const parsed = serviceAccountKey.safeParse(json);
  if (!parsed.success) {
    const problem = parsed.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`).join("; ");
    throw keyError(path, `is not a service-account key (${problem})`);
  }
  return parsed.data;
}

/**
 * Google's auth for the credentials file GOOGLE_APPLICATION_CREDENTIALS names. For a
 * service-account key: google-auth-library signs the JWT assertion and
 * caches the access token until it is about to expire. The library always posts to Google's
 * own token endpoint, so a key whose `token_uri` names another one (a private or test
 * endpoint) is honoured by redirecting that one request.
 */
export async function serviceAccountAuth(path: string): Promise<GoogleAuth> {
  const key = await readKey(path);
  const { GoogleAuth, gaxios } = await import("google-auth-library");
  // Other credentials files are the library's to read, as Application Default Credentials.
  if (key === undefined) return new GoogleAuth({ keyFilename: path, scopes: CLOUD_PLATFORM_SCOPE });
  const transporter = new gaxios.Gaxios();
  const tokenUri = key.token_uri;
  if (tokenUri !== undefined && tokenUri !== GOOGLE_TOKEN_URL) {
    transporter.interceptors.request.add({
      resolved: async (options) => {
        if (String(options.url) === GOOGLE_TOKEN_URL) options.url = new URL(tokenUri);
        return options;
      },
    });
  }
  return new GoogleAuth({
    credentials: key,
    scopes: CLOUD_PLATFORM_SCOPE,
    clientOptions: { transporter },
  });
}
