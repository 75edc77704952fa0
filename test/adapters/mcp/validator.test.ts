/**
 * The JSON Schema validator every server of one prepared set shares: the same schema
 * (an elicitation form, built afresh for each call) is compiled once, not once per call,
 * so a shared validator cannot grow with the calls it serves.
 */
import Ajv from "ajv";
import { afterEach, describe, expect, it, vi } from "vitest";
import { sharedValidator } from "../../../src/adapters/mcp/validator";

const form = () => ({
  type: "object" as const,
  properties: { approve: { type: "boolean" as const } },
  required: ["approve"],
});

afterEach(() => {
  vi.restoreAllMocks();
});

describe("sharedValidator", () => {
  it("compiles an equal schema once, however many fresh copies it is given", () => {
    const validator = sharedValidator();
    const compile = vi.spyOn(Ajv.prototype, "compile");
    for (let i = 0; i < 50; i++) validator.getValidator(form());
    expect(compile).toHaveBeenCalledTimes(1);
  });

  it("validates as the SDK's Ajv validator does", () => {
    const check = sharedValidator().getValidator<{ approve: boolean }>(form());
    expect(check({ approve: true })).toEqual({
      valid: true,
      data: { approve: true },
      errorMessage: undefined,
    });
    expect(check({ approve: "yes" })).toMatchObject({ valid: false, data: undefined });
  });

  it("holds at most `limit` compiled schemas, then starts afresh, still validating", () => {
    const validator = sharedValidator(4);
    // A new Ajv (each adds ajv-formats' formats to itself) only once the limit is passed.
    const formats = vi.spyOn(Ajv.prototype, "addFormat");
    const renewed = () => formats.mock.calls.length > 0;
    for (let i = 0; i < 10; i++) {
      expect(renewed()).toBe(i > 4);
      const schema = { ...form(), description: `form ${i}` };
      expect(validator.getValidator(schema)({ approve: false }).valid).toBe(true);
      expect(validator.getValidator(schema)({}).valid).toBe(false);
    }
  });
});
