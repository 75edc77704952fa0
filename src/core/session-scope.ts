/**
 * `SessionScope`: the typed, validated description of who and what a run acts for
 * (an operator, a tenant, a tier), with defaults and named presets.
 *
 * @module
 */
import { describeIssues, parseSync } from "../zod/parse";
import type { AnySchema, SchemaOutput } from "../zod/schema";
import { isInstance } from "./brand";
import { describeValue, messageOf } from "./describe";
import { ScopeValidationError } from "./errors";

/** One item of a scope: a label for people, a schema, and an optional default. */
export interface ScopeItem<S extends AnySchema = AnySchema> {
  /** A human-readable label, used in every error about this item. */
  readonly label: string;
  /** The schema a value must satisfy (parsed synchronously). */
  readonly schema: S;
  /** The value when a run does not set one. */
  readonly default?: unknown;
}

/** The items of a scope, keyed by the name tools read them under. */
export type ScopeItems = Readonly<Record<string, ScopeItem>>;

/** The values a bound scope holds: each item's parsed type. */
export type ScopeValues<Items extends ScopeItems> = {
  readonly [K in keyof Items]: SchemaOutput<Items[K]["schema"]>;
};

/** The values a scope is bound with: any subset, by item name. */
export type ScopeInput<Items extends ScopeItems> = { readonly [K in keyof Items]?: unknown };

/** The values a bound scope holds, from the scope itself: `ScopeOf<typeof support>`. */
export type ScopeOf<S> = S extends SessionScope<infer Items> ? ScopeValues<Items> : never;

/**
 * A run scope: declare it once with the agent, bind it per run, and pass the bound
 * values to tools as `ctx.host.scope` (read with `readScope` / `requireScope`).
 * Every default and preset is validated at construction.
 *
 * @example
 * ```ts
 * const support = new SessionScope(
 *   {
 *     operator: { label: "Operator", schema: z.string(), default: "anonymous" },
 *     tier: { label: "Tier", schema: z.enum(["free", "pro", "enterprise"]), default: "free" },
 *   },
 *   { enterprise: { tier: "enterprise" } },
 * );
 * const scope = support.bind({ operator: "ada" }, "enterprise");
 * await tools.execute("whoami", {}, { host: { scope } });
 * ```
 */
export class SessionScope<Items extends ScopeItems> {
  /** `instanceof` that holds across copies of toolwright (see `brand.ts`). */
  static [Symbol.hasInstance](value: unknown): boolean {
    // biome-ignore lint/complexity/noThisInStatic: which class asks decides: a subclass may
    return isInstance(this, value, "SessionScope");
  }

  /** The mark every copy of toolwright gives a `SessionScope` (see `brand.ts`). */
  get "~toolwright.SessionScope"(): true {
    return true;
  }

  readonly items: Items;
  readonly presets: Readonly<Record<string, ScopeInput<Items>>>;

  constructor(items: Items, presets: Readonly<Record<string, ScopeInput<Items>>> = {}) {
    this.items = items;
    this.presets = presets;
    for (const [key, item] of Object.entries(items)) {
      if (item.default !== undefined) validate(item, key, item.default, "its default is invalid");
    }
    for (const [preset, values] of Object.entries(presets)) {
      this.#check(values, `preset '${preset}'`);
    }
  }

  /** The names of the presets. */
  getPresetNames(): string[] {
    return Object.keys(this.presets);
  }

  /**
   * The values for one run: defaults, overlaid by the preset, overlaid by `values`,
   * each parsed by its item's schema. Throws `ScopeValidationError` naming the label
   * of the first item that fails or has no value.
   */
  bind(values: ScopeInput<Items> = {}, preset?: string): ScopeValues<Items> {
    if (preset !== undefined && !Object.hasOwn(this.presets, preset)) {
      const known = this.getPresetNames().join(", ") || "(none)";
      throw new ScopeValidationError(`unknown scope preset '${preset}'; presets: ${known}`);
    }
    const chosen = preset === undefined ? {} : this.presets[preset];
    if (typeof values !== "object" || values === null || Array.isArray(values)) {
      throw new ScopeValidationError(
        `bind(): expected an object of item values like { ${Object.keys(this.items)[0] ?? "item"}: ... }, received ${describeValue(values)}`,
      );
    }
    this.#check(values, "bind()");
    const bound: Record<string, unknown> = {};
    for (const [key, item] of Object.entries(this.items)) {
      // An explicit `null` is a value (for a nullable item), not a gap to fill.
      const raw = [pick(values, key), pick(chosen, key), item.default].find(
        (candidate) => candidate !== undefined,
      );
      const problem =
        raw === undefined
          ? "it has no value and no default; pass one to bind() or declare a default"
          : "its value is invalid";
      // A key named like a prototype property (`__proto__`) stays plain data.
      Object.defineProperty(bound, key, {
        value: snapshot(item, key, validate(item, key, raw, problem)),
        enumerable: true,
      });
    }
    return Object.freeze(bound) as ScopeValues<Items>;
  }

  #check(values: ScopeInput<Items> | undefined, where: string): void {
    for (const [key, value] of Object.entries(values ?? {})) {
      const item = Object.hasOwn(this.items, key) ? this.items[key] : undefined;
      if (item === undefined) {
        throw new ScopeValidationError(
          `${where} sets '${key}', which is not a scope item; items: ${Object.keys(this.items).join(", ")}`,
        );
      }
      // `undefined` leaves the item unset, as in `bind()`'s overlay.
      if (value !== undefined) validate(item, key, value, `its value in ${where} is invalid`);
    }
  }
}

function pick(values: object | undefined, key: string): unknown {
  return values !== undefined && Object.hasOwn(values, key)
    ? (values as Record<string, unknown>)[key]
    : undefined;
}

/**
 * A deep, frozen copy of a bound value: one run's mutation of its scope (or of a default
 * object the schema passed through) never reaches another run's.
 */
function snapshot(item: ScopeItem, key: string, value: unknown): unknown {
  if (typeof value !== "object" || value === null) return value;
  let copy: unknown;
  try {
    copy = structuredClone(value);
  } catch (error) {
    throw new ScopeValidationError(
      `scope item '${item.label}' (${key}): its value cannot be copied for a run (${messageOf(error)}); scope values must be data`,
      { cause: error },
    );
  }
  return deepFreeze(copy);
}

function deepFreeze<T>(value: T): T {
  const stack: unknown[] = [value];
  for (let next = stack.pop(); next !== undefined; next = stack.pop()) {
    if (typeof next !== "object" || next === null || Object.isFrozen(next)) continue;
    Object.freeze(next);
    if (next instanceof Map) stack.push(...next.keys(), ...next.values());
    else if (next instanceof Set) stack.push(...next.values());
    else stack.push(...Object.values(next));
  }
  return value;
}

function validate(item: ScopeItem, key: string, value: unknown, problem: string): unknown {
  const result = parseSync(item.schema, value);
  if (result.success) return result.data;
  throw new ScopeValidationError(
    `scope item '${item.label}' (${key}): ${problem}: ${describeIssues(result.error.issues)}`,
    { cause: result.error },
  );
}
