/**
 * The schema builders of the package's own built-in tools (a manual's tools, the
 * catalog's), resolved on first use: Zod 4 wherever the installed zod has it (the root
 * `zod` on zod 4, the loaded `zod/v4` on zod 3.25), else the root's Zod 3 (zod 3.23 and
 * 3.24). Nothing here is loaded at import, and only named root builders are imported,
 * so a bundle keeps no more of Zod than these.
 *
 * @module
 */
import { array, number, object, record, string, unknown } from "zod";
import type * as Zod4 from "zod/v4";
import { loadModule } from "./load";
import { rootIsZod4 } from "./root-zod";

/**
 * The builders, typed as Zod 4's. On zod 3.23 and 3.24 they are Zod 3's, which take the
 * same calls the built-in tools make; the rest of toolwright reads either major.
 */
export interface SchemaBuilders {
  readonly object: typeof Zod4.object;
  readonly string: typeof Zod4.string;
  readonly number: typeof Zod4.number;
  readonly array: typeof Zod4.array;
  readonly record: typeof Zod4.record;
  readonly unknown: typeof Zod4.unknown;
}

let builders: SchemaBuilders | undefined;

/** The builders, resolved once (see the module's description). */
export function schemaBuilders(): SchemaBuilders {
  builders ??= resolveBuilders();
  return builders;
}

function resolveBuilders(): SchemaBuilders {
  const root = {
    object,
    string,
    number,
    array,
    record,
    unknown,
  } as unknown as SchemaBuilders;
  if (rootIsZod4()) return root;
  const v4 = loadModule("zod/v4") as Partial<SchemaBuilders> | undefined;
  return typeof v4?.object === "function" ? (v4 as SchemaBuilders) : root;
}
