import { hooksListingResponse } from "./hooks-listing-response.js";
import type { HostHandlers } from "./host-handler.js";
import { permissionRulesState } from "./permission-rules-response.js";
import { settingsResponse } from "./settings-response.js";

/** The read-only listings of the session's configuration: hooks, permission rules, settings. */
export const LISTING_HANDLERS: HostHandlers = {
  get_hooks_listing: async ({ session }) => ({
    ok: hooksListingResponse(await session.listings.hooks(), session.listings.hooksOff),
  }),
  list_permission_rules: async ({ session }) => ({
    ok: { state: await permissionRulesState(session.listings) },
  }),
  get_settings: async ({ session }) => ({
    ok: settingsResponse(await session.listings.settings()),
  }),
};
