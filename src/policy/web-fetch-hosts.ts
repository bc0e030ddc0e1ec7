import type { PermissionRule } from "./permission-rule.js";

/**
 * True when a WebFetch allow rule names this host exactly (`WebFetch(domain:127.0.0.1)`): the
 * only way WebFetch may reach a private, loopback or link-local address. A wildcard
 * (`*.example.com`) or a parent domain does not name it.
 */
export function hostNamedByAllowRule(rules: readonly PermissionRule[], host: string): boolean {
  const wanted = `domain:${host.toLowerCase()}`;
  return rules.some(
    (rule) =>
      rule.behavior === "allow" &&
      rule.value.toolName === "WebFetch" &&
      rule.value.content?.toLowerCase() === wanted,
  );
}
