/**
 * The error family (one base, a stable code per kind) and `instanceof` across copies of
 * the package: a second copy is loaded here by resetting the module registry, which is
 * what a process holding an ESM and a CJS copy, or two installed versions, looks like.
 * The package test checks the same across the built ESM and CJS files.
 */
import * as toolwright from "toolwright";
import {
  capability,
  Manual,
  playbook,
  SchemaProjectionError,
  ScopeUnavailableError,
  ScopeValidationError,
  TextManual,
  ToolArgumentsError,
  Toolbox,
  ToolOutputError,
  ToolwrightError,
  toolbox,
  UnknownToolError,
} from "toolwright";
import { describe, expect, it, vi } from "vitest";
import { z } from "zod";

const zodError = z.object({ n: z.number() }).safeParse({ n: "x" }).error as z.ZodError;

/** One instance of every error class, built with `module`'s classes. */
function everyError(module: typeof toolwright): [string, Error, string][] {
  return [
    [
      "ToolArgumentsError",
      new module.ToolArgumentsError("t", "n: bad", zodError),
      "TOOL_ARGUMENTS",
    ],
    ["ToolOutputError", new module.ToolOutputError("t", "n: bad", zodError), "TOOL_OUTPUT"],
    ["UnknownToolError", new module.UnknownToolError("t", "box", ["a"]), "UNKNOWN_TOOL"],
    ["SchemaProjectionError", new module.SchemaProjectionError("t", "failed"), "SCHEMA_PROJECTION"],
    ["ScopeUnavailableError", new module.ScopeUnavailableError(), "SCOPE_UNAVAILABLE"],
    ["ScopeValidationError", new module.ScopeValidationError("bad scope"), "SCOPE_VALIDATION"],
  ];
}

/** The branded classes of `module`, by name. */
function classesOf(
  module: typeof toolwright,
): Record<string, abstract new (...args: never[]) => unknown> {
  return {
    ToolwrightError: module.ToolwrightError,
    ToolArgumentsError: module.ToolArgumentsError,
    ToolOutputError: module.ToolOutputError,
    UnknownToolError: module.UnknownToolError,
    SchemaProjectionError: module.SchemaProjectionError,
    ScopeUnavailableError: module.ScopeUnavailableError,
    ScopeValidationError: module.ScopeValidationError,
    Toolbox: module.Toolbox,
    Playbook: module.Playbook,
    Capability: module.Capability,
    Manual: module.Manual,
    TextManual: module.TextManual,
    ManualToolbox: module.ManualToolbox,
    SessionScope: module.SessionScope,
  } as Record<string, abstract new (...args: never[]) => unknown>;
}

/** A second, separately loaded copy of the package's source. */
async function anotherCopy(): Promise<typeof toolwright> {
  vi.resetModules();
  const copy = (await import("../../src/index")) as typeof toolwright;
  expect(copy.Toolbox).not.toBe(Toolbox);
  return copy;
}

describe("the error family", () => {
  it.each(everyError(toolwright))("%s is a ToolwrightError with code %s", (name, error, code) => {
    expect(error).toBeInstanceOf(ToolwrightError);
    expect(error).toBeInstanceOf(Error);
    expect(error.name).toBe(name);
    expect((error as ToolwrightError).code).toBe(code);
  });

  it("keeps the classes apart: one kind is not another", () => {
    const [args, output] = everyError(toolwright);
    expect(args?.[1]).not.toBeInstanceOf(ToolOutputError);
    expect(output?.[1]).not.toBeInstanceOf(ToolArgumentsError);
    expect(new Error("plain")).not.toBeInstanceOf(ToolwrightError);
  });

  it("keeps the cause and the issues of a boundary error", () => {
    const error = new ToolArgumentsError("t", "n: bad", zodError);
    expect(error.cause).toBe(zodError);
    expect(error.issues).toBe(zodError.issues);
    expect(error.message).toBe("tool 't' received invalid arguments: n: bad");
  });
});

describe("instanceof across copies of the package", () => {
  it("holds for every error class, both ways", async () => {
    const copy = await anotherCopy();
    for (const [name, error] of everyError(copy)) {
      expect(error, name).toBeInstanceOf(classesOf(toolwright)[name]);
      expect(error, name).toBeInstanceOf(ToolwrightError);
    }
    for (const [name, error] of everyError(toolwright)) {
      expect(error, name).toBeInstanceOf(classesOf(copy)[name]);
      expect(error, name).toBeInstanceOf(copy.ToolwrightError);
    }
  });

  it("holds for Toolbox, Playbook, Capability, Manual, TextManual, ManualToolbox and SessionScope", async () => {
    const copy = await anotherCopy();
    const manual = new copy.TextManual("m", "# Usage\nCall it.");
    const box = copy.toolbox("box", "d", {});
    const built = {
      Toolbox: box,
      Playbook: copy.playbook("book", "d", {}),
      Capability: copy.capability({ name: "c", description: "d", toolbox: box, manual }),
      Manual: manual,
      TextManual: manual,
      ManualToolbox: new copy.ManualToolbox(manual),
      SessionScope: new copy.SessionScope({}),
    } as const;
    for (const [name, value] of Object.entries(built)) {
      expect(value, name).toBeInstanceOf(classesOf(toolwright)[name]);
    }
    expect(built.ManualToolbox).toBeInstanceOf(Toolbox);
    expect(built.Toolbox).not.toBeInstanceOf(toolwright.Playbook);
  });

  it("a capability accepts a toolbox built by another copy, and toolSet calls it", async () => {
    const copy = await anotherCopy();
    const box = copy.toolbox("box", "d", {
      hello: copy.defineTool({
        description: "Say hello",
        parameters: z.object({ name: z.string() }),
        returns: z.object({ greeting: z.string() }),
        execute: ({ name }) => ({ greeting: `hello ${name}` }),
      }),
    });
    const set = toolwright.toolSet([capability({ name: "c", description: "d", toolbox: box })]);
    await expect(set.call("hello", { name: "ada" })).resolves.toEqual({
      ok: true,
      value: { greeting: "hello ada" },
    });
    const invalid = await set.call("hello", { name: 1 } as never);
    expect(!invalid.ok && invalid.error).toMatch(/^tool 'hello' received invalid arguments: /);
  });
});

describe("instanceof for subclasses and strangers", () => {
  class MeetingToolbox extends Toolbox {
    readonly name = "meetings";
    readonly description = "Meeting tools";
    readonly tools = {};
  }

  it("a user's subclass keeps the ordinary instanceof", () => {
    const mine = new MeetingToolbox();
    expect(mine).toBeInstanceOf(MeetingToolbox);
    expect(mine).toBeInstanceOf(Toolbox);
    expect(toolbox("other", "d", {})).not.toBeInstanceOf(MeetingToolbox);
  });

  it("answers false, without throwing, for values that are no instance", () => {
    const { proxy, revoke } = Proxy.revocable({}, {});
    revoke();
    const hostile = new Proxy(
      {},
      {
        get() {
          throw new Error("trap");
        },
      },
    );
    for (const value of [null, undefined, 1, "Toolbox", {}, [], proxy, hostile]) {
      expect(value instanceof Toolbox).toBe(false);
      expect(value instanceof ToolwrightError).toBe(false);
    }
    expect(playbook("p", "d", {})).not.toBeInstanceOf(Manual);
    expect(new TextManual("m", "x")).toBeInstanceOf(Manual);
    expect(new UnknownToolError("t", "b", [])).not.toBeInstanceOf(SchemaProjectionError);
    expect(new ScopeUnavailableError()).not.toBeInstanceOf(ScopeValidationError);
  });
});
