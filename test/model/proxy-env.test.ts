import { describe, expect, it } from "vitest";
import { proxyEnvFrom, proxyFor } from "../../src/model/proxy-env.js";

const api = new URL("https://api.anthropic.com/v1/messages");
const local = new URL("http://127.0.0.1:8080/v1");

describe("which proxy a model request goes through", () => {
  it("none without proxy variables", () => {
    expect(proxyEnvFrom({ NO_PROXY: "*" })).toBeUndefined();
    expect(proxyFor(api, proxyEnvFrom({}))).toBeUndefined();
  });

  it("HTTPS_PROXY for https URLs, HTTP_PROXY for http ones and as the https fallback", () => {
    const both = proxyEnvFrom({ HTTP_PROXY: "http://p1:3128", HTTPS_PROXY: "http://p2:3128" });
    expect(proxyFor(api, both)?.host).toBe("p2:3128");
    expect(proxyFor(local, both)?.host).toBe("p1:3128");
    expect(proxyFor(api, proxyEnvFrom({ HTTP_PROXY: "http://p1:3128" }))?.host).toBe("p1:3128");
    expect(proxyFor(local, proxyEnvFrom({ HTTPS_PROXY: "http://p2:3128" }))).toBeUndefined();
  });

  it("lower-case names first; a bare host:port is an http proxy", () => {
    const proxy = proxyEnvFrom({ https_proxy: "p3:8080", HTTPS_PROXY: "http://p2:3128" });
    expect(proxyFor(api, proxy)?.href).toBe("http://p3:8080/");
  });

  it("NO_PROXY: hosts and their subdomains, .domain and *.domain, host:port, and *", () => {
    const withNo = (noProxy: string) => proxyEnvFrom({ HTTPS_PROXY: "p:1", NO_PROXY: noProxy });
    expect(proxyFor(api, withNo("anthropic.com"))).toBeUndefined();
    expect(proxyFor(api, withNo(".anthropic.com"))).toBeUndefined();
    expect(proxyFor(api, withNo("*.anthropic.com"))).toBeUndefined();
    expect(proxyFor(api, withNo("example.com, API.ANTHROPIC.COM"))).toBeUndefined();
    expect(proxyFor(api, withNo("api.anthropic.com:443"))).toBeUndefined();
    expect(proxyFor(api, withNo("api.anthropic.com:8443"))).toBeDefined();
    expect(proxyFor(api, withNo("thropic.com"))).toBeDefined();
    expect(proxyFor(api, withNo("*"))).toBeUndefined();
  });

  it("names the variable when its value is not a proxy URL", () => {
    expect(() => proxyEnvFrom({ HTTP_PROXY: "http://[x" })).toThrow(
      'HTTP_PROXY is not a proxy URL: "http://[x"',
    );
    expect(() => proxyEnvFrom({ HTTPS_PROXY: "socks5://p:1080" })).toThrow(
      "HTTPS_PROXY: keel reaches proxies over http:// only",
    );
  });
});
