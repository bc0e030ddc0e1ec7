import { describe, expect, it } from "vitest";
import { folderOf } from "../../src/plugins/store/installs.js";

describe("an installed plugin's version folder", () => {
  it("is one folder name whatever the marketplace says the version is", () => {
    expect(folderOf("1.2.0")).toBe("1.2.0");
    expect(folderOf("2.0.0-beta+7")).toBe("2.0.0-beta+7");
    expect(folderOf("../../../home/me")).toBe("v..-..-..-home-me");
    expect(folderOf("..")).toBe("v..");
    expect(folderOf("")).toBe("v");
    expect(folderOf("a/b\\c")).toBe("a-b-c");
  });
});
