/**
 * Argument errors under a custom Zod error map that already names the path (Zod 4's
 * `z.config({ customError })`, Zod 3's `setErrorMap`) say the path once, not
 * `name: name: Expected string`; the default messages, which do not name it, are prefixed.
 */
import { capability, defineTool, toolbox, toolSet } from "toolwright";
import { afterEach, describe, expect, it } from "vitest";
import * as z4 from "zod";
import * as z3 from "zod/v3";

function argumentError(z: typeof z4) {
  const tool = defineTool({
    description: "greet",
    parameters: z.object({ name: z.string(), address: z.object({ city: z.string() }) }),
    execute: ({ name }) => `hi ${name}`,
  });
  const set = toolSet([
    capability({ name: "c", description: "c", toolbox: toolbox("t", "t", { greet: tool }) }),
  ]);
  return set.call("greet", { name: 1, address: { city: 2 } } as never);
}

describe("an error map that names the path", () => {
  afterEach(() => {
    z4.config({ customError: undefined });
    z3.setErrorMap(z3.defaultErrorMap);
  });

  it("Zod 4: the path is said once", async () => {
    z4.config({ customError: (issue) => `${(issue.path ?? []).join(".")}: wrong (${issue.code})` });
    const outcome = await argumentError(z4);
    expect(outcome).toMatchObject({ kind: "invalid-arguments" });
    expect((outcome as { error: string }).error).toMatch(
      /^tool 'greet' received invalid arguments: name: wrong \(invalid_type\); address\.city: wrong \(invalid_type\);/,
    );
  });

  it("Zod 3: the path is said once", async () => {
    z3.setErrorMap((issue, ctx) => ({ message: `${issue.path.join(".")}: ${ctx.defaultError}` }));
    const outcome = await argumentError(z3 as unknown as typeof z4);
    expect((outcome as { error: string }).error).toMatch(
      /^tool 'greet' received invalid arguments: name: Expected string, received number; address\.city: Expected string, received number;/,
    );
  });

  it("a message that does not name the path is prefixed by it, as before", async () => {
    const outcome = await argumentError(z4);
    expect((outcome as { error: string }).error).toMatch(
      /^tool 'greet' received invalid arguments: name: Invalid input: expected string, received number; address\.city: /,
    );
  });
});
