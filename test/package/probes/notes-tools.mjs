// A module as a user writes it against the installed package, for `toolwright check`.
import { capability, defineTool, toolbox } from "toolwright";
import * as z from "zod";

const addNote = defineTool({
  description: "Add a note",
  parameters: z.object({ text: z.string().describe("The note's text") }),
  returns: z.object({ id: z.string().describe("The note's id") }),
  execute: ({ text }) => ({ id: `note-${text}` }),
});

export const notes = capability({
  name: "notes",
  description: "Notes",
  toolbox: toolbox("notes", "Note tools", { add_note: addNote }),
});
