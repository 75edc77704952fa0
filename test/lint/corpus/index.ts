/**
 * The evidence corpus: realistic tool parameters in the style of public MCP servers and agent
 * SDK examples, each built with every Zod major it supports.
 */
import { MAJORS } from "../helpers.js";
import { AGENTS_EXAMPLES } from "./agents.js";
import { DATA } from "./data.js";
import type { CorpusEntry, CorpusInstance } from "./entry.js";
import { FILES_AND_GIT } from "./files-and-git.js";
import { GITHUB } from "./github.js";
import { LOWERING } from "./lowering.js";
import { PRODUCTIVITY } from "./productivity.js";
import { WEB } from "./web.js";
import { ZOD4_IDIOMS } from "./zod4-idioms.js";

export type { CorpusEntry, CorpusInstance, ZodMajor } from "./entry.js";

/** Every corpus entry. */
export const CORPUS: readonly CorpusEntry[] = [
  ...FILES_AND_GIT,
  ...GITHUB,
  ...WEB,
  ...DATA,
  ...PRODUCTIVITY,
  ...AGENTS_EXAMPLES,
  ...ZOD4_IDIOMS,
  ...LOWERING,
];

/** Every entry built with every major it supports, in corpus order. */
export function corpusInstances(): CorpusInstance[] {
  return CORPUS.flatMap((entry) =>
    MAJORS.filter(({ major }) => (entry.majors ?? [3, 4]).includes(major)).map(({ z, major }) => ({
      entry,
      major,
      schema: entry.build(z, major),
      id: `${entry.name}@${major}`,
    })),
  );
}
