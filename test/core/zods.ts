/**
 * The two Zod majors every Zod-facing test runs against. The `zod/v3` namespace is
 * typed as the v4 one: the tests only call what both majors share, and the runtime
 * objects are the real v3 ones.
 */
import { z as zod4 } from "zod";
import { z as zod3 } from "zod/v3";

export type Z = typeof zod4;

export interface ZodMajor {
  /** How the test title names this major. */
  readonly major: string;
  /** The Zod namespace. */
  readonly z: Z;
  /** The error class this major's `safeParse` reports. */
  readonly ZodError: new (
    ...args: never[]
  ) => Error;
}

export const zodMajors: readonly ZodMajor[] = [
  { major: "zod (v4)", z: zod4, ZodError: zod4.ZodError },
  { major: "zod/v3", z: zod3 as unknown as Z, ZodError: zod3.ZodError },
];
