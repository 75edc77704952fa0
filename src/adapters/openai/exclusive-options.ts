/**
 * Whether the options of a `oneOf` are provably mutually exclusive: then `anyOf` admits
 * exactly the same values, and OpenAI strict, which refuses `oneOf`, can take it. The
 * proofs are the ones OpenAI's own SDK makes before the same rewrite (`openai`
 * `helpers/standard-schema`: disjoint types, disjoint literal values, a required
 * discriminator property with disjoint literal values; `helpers/zod` rewrites Zod 4
 * discriminated unions). Anything else, a `$ref` option included, is not proven.
 *
 * @module
 */

type Json = Record<string, unknown>;

/** Whether every two of `options` are mutually exclusive. */
export function areExclusive(options: readonly unknown[]): boolean {
  return options.every((left, i) =>
    options.slice(i + 1).every((right) => exclusivePair(left, right)),
  );
}

function exclusivePair(left: unknown, right: unknown): boolean {
  if (!isJson(left) || !isJson(right) || left.$ref !== undefined || right.$ref !== undefined) {
    return false;
  }
  return disjointTypes(left, right) || disjointLiterals(left, right) || disjointTag(left, right);
}

function disjointTypes(left: Json, right: Json): boolean {
  const a = typesOf(left);
  const b = typesOf(right);
  return a !== undefined && b !== undefined && a.every((type) => !b.some((t) => overlap(type, t)));
}

// An integer is a number: those two types overlap.
function overlap(a: string, b: string): boolean {
  const widen = (type: string) => (type === "integer" ? "number" : type);
  return widen(a) === widen(b);
}

function typesOf(node: Json): readonly string[] | undefined {
  const { type } = node;
  if (typeof type === "string") return [type];
  return Array.isArray(type) && type.every((t) => typeof t === "string") ? type : undefined;
}

function disjointLiterals(left: Json, right: Json): boolean {
  const a = literalsOf(left);
  const b = literalsOf(right);
  return a !== undefined && b !== undefined && a.every((value) => !b.includes(value));
}

// Literal values as JSON text, so that objects and arrays compare by value.
function literalsOf(node: Json): readonly string[] | undefined {
  if ("const" in node) return [JSON.stringify(node.const)];
  return Array.isArray(node.enum) ? node.enum.map((value) => JSON.stringify(value)) : undefined;
}

// A property both options require, whose literal values differ: a discriminator.
function disjointTag(left: Json, right: Json): boolean {
  const a = propertiesOf(left);
  const b = propertiesOf(right);
  if (a === undefined || b === undefined) return false;
  return requiredOf(left).some(
    (key) =>
      requiredOf(right).includes(key) &&
      isJson(a[key]) &&
      isJson(b[key]) &&
      disjointLiterals(a[key], b[key]),
  );
}

function propertiesOf(node: Json): Json | undefined {
  return isJson(node.properties) ? node.properties : undefined;
}

function requiredOf(node: Json): readonly string[] {
  return Array.isArray(node.required) ? node.required.filter((key) => typeof key === "string") : [];
}

function isJson(value: unknown): value is Json {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}
