/**
 * A stored approval request cannot be widened without the secret. The request is stored
 * as JSON by its host; an attacker who can edit the store adds a prototype-named key
 * (`"__proto__": {...}`) wherever the arguments' schema passes a value through unchanged.
 * `JSON.parse` makes that key an own data property, which the tool receives; the signed
 * form must therefore hold it too, or `resume` runs what nobody approved.
 */
import { capability, defineTool, isPending, type ToolSet, toolbox, toolSet } from "toolwright";
import { describe, expect, it } from "vitest";
import { type Z, zods } from "../set/fixtures";

const SECRET = "the deployment's approval secret, 32+ bytes";
const FORGED = { isAdmin: true };

/** Every place, in every kind of schema that passes unknown keys through, a forgery can hide. */
function forgeries(z: Z) {
  return [
    {
      label: "a z.unknown() argument",
      parameters: z.object({ user: z.string(), changes: z.unknown() }),
      args: { user: "ann", changes: { theme: "dark" } },
      path: ["changes"],
    },
    {
      label: "a z.any() argument",
      parameters: z.object({ user: z.string(), changes: z.any() }),
      args: { user: "ann", changes: { theme: "dark" } },
      path: ["changes"],
    },
    {
      label: "deep inside a z.unknown() argument",
      parameters: z.object({ user: z.string(), changes: z.unknown() }),
      args: { user: "ann", changes: { a: [{ b: { c: {} } }] } },
      path: ["changes", "a", 0, "b", "c"],
    },
    {
      label: "an item of a z.array(z.unknown())",
      parameters: z.object({ user: z.string(), changes: z.array(z.unknown()) }),
      args: { user: "ann", changes: [{ theme: "dark" }] },
      path: ["changes", 0],
    },
    {
      label: "a value of a record of z.unknown()",
      parameters: z.object({ user: z.string(), changes: z.record(z.string(), z.unknown()) }),
      args: { user: "ann", changes: { profile: { theme: "dark" } } },
      path: ["changes", "profile"],
    },
    {
      label: "a catchall value",
      parameters: z.object({ user: z.string() }).catchall(z.unknown()),
      args: { user: "ann", profile: { theme: "dark" } },
      path: ["profile"],
    },
    {
      label: "a passthrough object's unknown key",
      parameters: z.object({ user: z.string() }).passthrough(),
      args: { user: "ann", profile: { theme: "dark" } },
      path: ["profile"],
    },
    {
      label: "the arguments' root",
      parameters: z.object({ user: z.string() }).passthrough(),
      args: { user: "ann" },
      path: [],
    },
  ] as const;
}

/** A set whose gated tool merges what it is given, as real tools do, and reports what it saw. */
function mergingSet(parameters: unknown, strictInputs = false) {
  const runs: unknown[] = [];
  const tools = toolbox("accounts", "Account tools", {
    update_user: defineTool({
      description: "Update a user",
      parameters: parameters as never,
      controls: { needsApproval: true, strictInputs },
      execute: (args: Record<string, unknown>) => {
        runs.push(args);
        const merged: Record<string, unknown> = Object.assign(
          { user: "ann" },
          ...Object.values(args),
        );
        return { isAdmin: merged.isAdmin === true };
      },
    }),
  });
  const set = toolSet([capability({ name: "accounts", description: "Accounts", toolbox: tools })], {
    approvalSecret: SECRET,
  });
  // Any arguments: the tests call it as a model or a forger would.
  return { set: set as unknown as ToolSet, runs };
}

/** The container at `path` in `value`, given an own, enumerable `__proto__` as `JSON.parse` makes one. */
function plant(value: unknown, path: readonly (string | number)[]): void {
  let target = value as Record<string | number, unknown>;
  for (const step of path) target = target[step] as Record<string | number, unknown>;
  Object.defineProperty(target, "__proto__", {
    value: FORGED,
    enumerable: true,
    writable: true,
    configurable: true,
  });
}

/** A request as a host stores it: JSON text, parsed back. */
function stored(request: unknown): Record<string, unknown> {
  return JSON.parse(JSON.stringify(request)) as Record<string, unknown>;
}

describe.each(zods)("a stored approval widened with a prototype-named key (%s)", (_line, z) => {
  for (const { label, parameters, args, path } of forgeries(z)) {
    it(`is refused in ${label}, and nothing runs`, async () => {
      const { set, runs } = mergingSet(parameters);
      const pending = await set.call("update_user", args);
      if (!isPending(pending)) throw new Error(`expected pending, got ${JSON.stringify(pending)}`);
      const forged = stored(pending.approval);
      plant(forged.args, path);
      // The edit survives the host's store: the key is data in the JSON text.
      expect(JSON.stringify(stored(forged))).toContain('"__proto__":{"isAdmin":true}');
      const outcome = await set.resume(stored(forged) as never, { approved: true });
      expect(outcome).toMatchObject({ ok: false, kind: "denied" });
      expect(outcome.ok ? "" : outcome.error).toContain("its hash does not match");
      expect(runs).toEqual([]);
    });
  }

  it("is refused, or runs only what was signed, when the request is handed over as objects", async () => {
    const parameters = z.object({ user: z.string(), changes: z.unknown() });
    const handedOver = [
      // Inherited: not an own key, so not signed; the tool must not inherit it either.
      (changes: object) => Object.create(FORGED, Object.getOwnPropertyDescriptors(changes)),
      // Signed through toJSON as the original, holding more than it signed.
      (changes: object) => ({ ...changes, ...FORGED, toJSON: () => changes }),
      // A getter that shows the check one value and the run another.
      (changes: object) => {
        let reads = 0;
        return {
          get theme() {
            reads += 1;
            return reads === 1 ? (changes as { theme: string }).theme : FORGED;
          },
        };
      },
    ];
    for (const hand of handedOver) {
      const { set, runs } = mergingSet(parameters);
      const pending = await set.call("update_user", { user: "ann", changes: { theme: "dark" } });
      if (!isPending(pending)) throw new Error(`expected pending, got ${JSON.stringify(pending)}`);
      const request = stored(pending.approval);
      const args = request.args as { changes: object };
      request.args = { ...args, changes: hand(args.changes) };
      const outcome = await set.resume(request as never, { approved: true });
      expect(outcome).toEqual({ ok: true, value: { isAdmin: false } });
      expect(runs).toEqual([{ user: "ann", changes: { theme: "dark" } }]);
      const [received] = runs as { changes: object }[];
      expect(Object.getPrototypeOf(received?.changes)).toBe(Object.prototype);
    }
  });

  it("a request whose arguments hold a prototype-named key as data signs it and runs with it", async () => {
    const { set, runs } = mergingSet(z.object({ user: z.string(), changes: z.unknown() }));
    const args = JSON.parse('{"user":"ann","changes":{"__proto__":{"isAdmin":true}}}');
    const pending = await set.call("update_user", args);
    if (!isPending(pending)) throw new Error(`expected pending, got ${JSON.stringify(pending)}`);
    // What the person is shown holds the key, so an approval of it is an approval of it.
    expect(JSON.stringify(pending.approval.args)).toContain('"__proto__":{"isAdmin":true}');
    const outcome = await set.resume(stored(pending.approval) as never, { approved: true });
    expect(outcome).toEqual({ ok: true, value: { isAdmin: true } });
    const [received] = runs as { changes: object }[];
    expect(Object.hasOwn(received?.changes ?? {}, "__proto__")).toBe(true);
  });

  it("resume refuses an undeclared key by name, as call does, whatever set signed the request", async () => {
    // Another deployment with the same secret, whose tool still passed unknown keys through.
    const before = mergingSet(z.object({ user: z.string() }).passthrough());
    const strict = mergingSet(z.object({ user: z.string() }), true);
    const pending = await before.set.call("update_user", { user: "ann", role: "admin" });
    if (!isPending(pending)) throw new Error(`expected pending, got ${JSON.stringify(pending)}`);
    const called = await strict.set.call("update_user", { user: "ann", role: "admin" });
    const resumed = await strict.set.resume(stored(pending.approval) as never, { approved: true });
    for (const outcome of [called, resumed]) {
      expect(outcome).toMatchObject({ ok: false, kind: "invalid-arguments" });
      expect(outcome.ok ? "" : outcome.error).toContain("'role'");
    }
    expect(resumed).toEqual(called);
    expect(strict.runs).toEqual([]);
  });

  it("a hash is accepted in its one encoding only: the unused bits of its last character count", async () => {
    const { set, runs } = mergingSet(z.object({ user: z.string() }));
    const pending = await set.call("update_user", { user: "ann" });
    if (!isPending(pending)) throw new Error(`expected pending, got ${JSON.stringify(pending)}`);
    const alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";
    const { hash } = pending.approval;
    const last = alphabet.indexOf(hash.slice(-1));
    // 43 characters carry 258 bits for a 256-bit MAC: the last one's low 2 bits are padding.
    for (const bits of [1, 2, 3]) {
      const other = `${hash.slice(0, -1)}${alphabet[last ^ bits]}`;
      const outcome = await set.resume({ ...stored(pending.approval), hash: other } as never, {
        approved: true,
      });
      expect(outcome).toMatchObject({ ok: false, kind: "denied" });
    }
    expect(runs).toEqual([]);
  });
});

describe("an approvalSecret", () => {
  it("with a lone surrogate is refused at construction, by name: it would encode like another", () => {
    // Both encode as the same UTF-8 bytes (U+FFFD), so they would make one key.
    for (const half of ["\uD800", "\uDFFF"]) {
      expect(() => toolSet([], { approvalSecret: `${SECRET}${half}` })).toThrow(
        /approvalSecret must be well-formed text/,
      );
    }
    expect(() => toolSet([], { approvalSecret: `${SECRET}😀` })).not.toThrow();
  });
});
