// The tool set every probe serves, and the checks every probe makes first: that it runs
// under Node 22 and against the SDK majors test/node22/package.json pins.
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import {
  type Capability,
  capability,
  defineTool,
  type ToolSet,
  toolbox,
  toolSet,
} from "toolwright";
import * as z from "zod";

/** A fresh capability: `add_note` (counts its notes), `now` (no arguments), `fail` (throws). */
export function notesCapability(): Capability {
  const store: string[] = [];
  return capability({
    name: "notes",
    description: "A notebook",
    toolbox: toolbox("notes", "Note tools", {
      add_note: defineTool({
        description: "Add a note",
        parameters: z.object({ text: z.string().min(1).describe("The note") }),
        returns: z.object({ id: z.number(), count: z.number() }),
        execute: ({ text }) => {
          store.push(text);
          return { id: store.length, count: store.length };
        },
      }),
      now: defineTool({
        description: "The time",
        parameters: z.object({}),
        returns: z.object({ iso: z.string() }),
        execute: () => ({ iso: "2025-01-01T00:00:00Z" }),
      }),
      fail: defineTool({
        description: "Always throws",
        parameters: z.object({}),
        execute: () => {
          throw new Error("the notebook is on fire");
        },
      }),
    }),
  });
}

/** The fresh capability as a tool set. */
export function notesToolSet(): ToolSet {
  return toolSet([notesCapability()]);
}

/** What `add_note` is projected to, for draft-07 and draft 2020-12 alike. */
export const ADD_NOTE_PARAMETERS = {
  type: "object",
  properties: { text: { type: "string", minLength: 1, description: "The note" } },
  required: ["text"],
};

/** The installed version of a dependency of test/node22. */
export function installedVersion(name: string): string {
  const file = new URL(`../node_modules/${name}/package.json`, import.meta.url);
  return (JSON.parse(readFileSync(file, "utf8")) as { version: string }).version;
}

/** Asserts Node 22 and the SDK's major; returns what the probe reports of them. */
export function expectRuntime(sdk: string, major: number): { node: string; sdk: string } {
  assert.match(process.version, /^v22\./, `the probe runs under ${process.version}, not Node 22`);
  const version = installedVersion(sdk);
  assert.equal(Number(version.split(".")[0]), major, `${sdk} is ${version}, not major ${major}`);
  return { node: process.version, sdk: `${sdk}@${version}` };
}

/** Prints the probe's report as one JSON line, which run.ts reads. */
export function report(value: object): void {
  console.log(JSON.stringify(value));
}
