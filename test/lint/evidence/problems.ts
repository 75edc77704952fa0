/**
 * What an oracle found wrong with one corpus instance under one provider path, per unit: the
 * root (`$`) or one root property of the parameters. Units are how the evidence compares a lint
 * run with an oracle without matching paths keyword by keyword.
 */

/** `"error"`: the path refuses or distorts it. `"warning"`: accepted but not enforced. */
export type Level = "error" | "warning";

/** The root unit: the schema as a whole. */
export const ROOT = "$";

/** Units with the reasons an oracle gives for each, per level. */
export class Problems {
  readonly errors = new Map<string, string[]>();
  readonly warnings = new Map<string, string[]>();

  /** Records `reason` at every unit in `units` (the root when there is none). */
  add(units: readonly string[], reason: string, level: Level = "error"): void {
    const map = level === "error" ? this.errors : this.warnings;
    for (const unit of units.length > 0 ? units : [ROOT]) {
      map.set(unit, [...(map.get(unit) ?? []), reason]);
    }
  }
}

/** The unit of a lint path: `$.a.b` and `$["a"][]` → `a`; anything else → `$`. */
export function unitOfPath(path: string): string {
  const plain = /^\$\.([A-Za-z_$][A-Za-z0-9_$]*)/.exec(path);
  if (plain?.[1] !== undefined) return plain[1];
  const quoted = /^\$\["((?:[^"\\]|\\.)*)"\]/.exec(path);
  return quoted?.[1] !== undefined ? (JSON.parse(`"${quoted[1]}"`) as string) : ROOT;
}

/** The segments of a JSON pointer (`#/properties/a~1b` → `["properties", "a/b"]`). */
export function segmentsOf(pointer: string): string[] {
  return pointer
    .replace(/^#\/?/, "")
    .split("/")
    .filter((segment) => segment !== "")
    .map((segment) => segment.replaceAll("~1", "/").replaceAll("~0", "~"));
}

/** The pointer of `segments` under `#`. */
export function pointerOf(segments: readonly string[]): string {
  return ["#", ...segments.map((s) => s.replaceAll("~", "~0").replaceAll("/", "~1"))].join("/");
}
