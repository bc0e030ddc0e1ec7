import { describe, expect, it } from "vitest";
import { z } from "zod";
import { toolDefinition } from "../../src/model/tool-schema.js";

describe("tool definitions from zod schemas", () => {
  it("render an object schema, keeping defaulted fields optional", () => {
    const def = toolDefinition(
      "Read",
      "Reads a file",
      z.strictObject({
        file_path: z.string().describe("absolute path"),
        offset: z.number().int().optional(),
        limit: z.number().int().default(2000),
      }),
    );
    expect(def.name).toBe("Read");
    expect(def.input_schema.type).toBe("object");
    expect(def.input_schema.required).toEqual(["file_path"]);
    expect(def.input_schema).not.toHaveProperty("$schema");
    expect(
      (def.input_schema.properties as Record<string, { description?: string }>).file_path
        ?.description,
    ).toBe("absolute path");
  });

  it("refuse a schema that is not an object", () => {
    expect(() => toolDefinition("Bad", "x", z.string())).toThrow(/must describe an object/);
  });
});
