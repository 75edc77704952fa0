/**
 * The root `zod` specifier, which every zod line has: Zod 4 on zod 4, Zod 3 on zod 3.x
 * (3.25's root included). Only names both roots export are imported, by name, so the
 * import links on every line and a bundler keeps only what is used.
 *
 * @module
 */
import { object } from "zod";

let zod4: boolean | undefined;

/**
 * True when the root `zod` is Zod 4. Read on first use, never at import: the package
 * has no side effects.
 */
export function rootIsZod4(): boolean {
  zod4 ??= "_zod" in object({});
  return zod4;
}
