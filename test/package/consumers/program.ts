// A user's program against the installed package's core entries (toolwright,
// toolwright/lint, toolwright/check); hosts.ts uses the others. The consumer matrix
// copies it into each fixture, type-checks and compiles it there with the
// fixture's tsconfig (ESM or CommonJS, each moduleResolution) and runs it with node.
// It prints what it found as JSON; the test asserts on it. No top-level await: the
// CommonJS fixtures compile it too.
import { capability, defineTool, projectParameters, toolbox, toolSet } from "toolwright";
import { sweepModelFacingSchemas } from "toolwright/check";
import { lintModelFacingSchema } from "toolwright/lint";
import * as z from "zod";

const NoteArguments = z.object({
  text: z.string().describe("The note's text"),
  tags: z.array(z.string().describe("A tag")).describe("The note's tags"),
});

const addNote = defineTool({
  description: "Add a note",
  parameters: NoteArguments,
  returns: z.object({ id: z.string().describe("The note's id") }),
  execute: ({ text, tags }) => {
    // Inferred from the schema: a type error here fails the fixture's tsc.
    const typed: { text: string; tags: string[] } = { text, tags };
    return { id: `note-${typed.text}-${typed.tags.length}` };
  },
});

export const notes = capability({
  name: "notes",
  description: "Notes",
  toolbox: toolbox("notes", "Note tools", { add_note: addNote }),
});

async function main(): Promise<void> {
  const set = toolSet([notes]);
  // Arguments a model sent are not checked by the compiler; these are wrong on purpose.
  const rejected = await set.call("add_note", { text: 1 } as never);
  const report = {
    names: set.names,
    call: await set.call("add_note", { text: "a", tags: ["x"] }),
    rejected: rejected.ok,
    parameters: projectParameters("add_note", NoteArguments),
    lint: lintModelFacingSchema(NoteArguments, { requireDescribe: true }).map(
      (finding) => finding.code,
    ),
    sweep: sweepModelFacingSchemas({ notes }).toolsChecked,
  };
  console.log(JSON.stringify(report));
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
