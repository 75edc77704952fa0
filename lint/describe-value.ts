/** Names a value for programming-error messages: what was passed, not just its `typeof`. */

const MAX_KEYS = 5;

/**
 * E.g. `null`, `a string ("abc")`, `a function (handler)`, `an object with keys [a, b]`.
 * Never throws: a revoked Proxy or a throwing getter is described as unreadable.
 */
export function describeValue(value: unknown): string {
  try {
    return described(value);
  } catch {
    return `an unreadable ${typeof value}`;
  }
}

function described(value: unknown): string {
  if (value === null) return "null";
  const kind = typeof value;
  switch (kind) {
    case "undefined":
      return "undefined";
    case "string":
      return `a string (${JSON.stringify(String(value).slice(0, 40))})`;
    case "number":
    case "boolean":
    case "bigint":
      return `a ${kind} (${String(value)})`;
    case "symbol":
      return `a symbol (${(value as symbol).description ?? ""})`;
    case "function":
      return `a function (${(value as () => unknown).name || "anonymous"})`;
    case "object":
      return describeObject(value as object);
    default:
      return kind satisfies never;
  }
}

function describeObject(value: object): string {
  if (Array.isArray(value)) return `an array of length ${value.length}`;
  let keys: string[];
  try {
    keys = Object.keys(value);
  } catch {
    return "an unreadable object";
  }
  if (keys.length === 0) return "an empty object ({})";
  const shown = keys.slice(0, MAX_KEYS).join(", ");
  return `an object with keys [${shown}${keys.length > MAX_KEYS ? ", …" : ""}]`;
}
