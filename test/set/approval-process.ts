/**
 * The other process of the approval restart tests: builds the same tool set as the test
 * (`approvalSet`) with the secret it is given, and either asks for an approval or
 * resumes one, printing one JSON line on stdout.
 *
 * Usage: tsx test/set/approval-process.ts <request|resume> <zod|zod/v3>
 * - `request`: calls `delete_note` on `{ "id": "n7" }` and prints the outcome (pending);
 * - `resume`: reads a request as JSON on stdin, resumes it approved and prints
 *   `{ outcome, runs }`, what the tool ran on in this process.
 *
 * The secret comes in the environment (`APPROVAL_SECRET`), as a deployment would pass it.
 */
import { fileURLToPath } from "node:url";
import { capability, defineTool, type ToolSet, toolbox, toolSet } from "toolwright";
import * as z4 from "zod";
import * as z3 from "zod/v3";

type Z = typeof z4;

/** The set both processes build: one tool that always needs approval, recording its runs. */
export function approvalSet(z: Z, secret: string | undefined, runs: unknown[]): ToolSet {
  const deleteNote = defineTool({
    description: "Delete a note",
    parameters: z.object({ id: z.string(), force: z.boolean().default(false) }),
    controls: { needsApproval: true },
    execute: (args) => {
      runs.push(args);
      return { deleted: args.id };
    },
  });
  const notes = capability({
    name: "notes",
    description: "Notes",
    toolbox: toolbox("notes", "Note tools", { delete_note: deleteNote }),
  });
  return toolSet([notes], secret === undefined ? {} : { approvalSecret: secret });
}

async function readStdin(): Promise<string> {
  let text = "";
  for await (const chunk of process.stdin) text += chunk;
  return text;
}

async function main(mode: string | undefined, major: string | undefined): Promise<void> {
  const secret = process.env.APPROVAL_SECRET;
  if (secret === undefined) throw new Error("APPROVAL_SECRET is not set");
  const z = major === "zod/v3" ? (z3 as unknown as Z) : z4;
  const runs: unknown[] = [];
  const set = approvalSet(z, secret, runs);
  if (mode === "request") {
    const outcome = await set.call("delete_note", { id: "n7" });
    process.stdout.write(`${JSON.stringify(outcome)}\n`);
  } else if (mode === "resume") {
    const outcome = await set.resume(JSON.parse(await readStdin()), { approved: true });
    process.stdout.write(`${JSON.stringify({ outcome, runs })}\n`);
  } else {
    throw new Error(`unknown mode '${mode}': use request or resume`);
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  await main(process.argv[2], process.argv[3]);
}
