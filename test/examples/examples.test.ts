import { execFile } from "node:child_process";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { Capability, Playbook, Toolbox } from "toolwright";
import { describe, expect, it } from "vitest";
import {
  exampleAgent,
  meetings,
  meetingsBefore,
  planning,
  supportScope,
} from "../../examples/index";

const run = promisify(execFile);
const root = fileURLToPath(new URL("../..", import.meta.url));

async function runExample(file: string): Promise<string[]> {
  const { stdout } = await run(process.execPath, ["--import", "tsx", `examples/${file}`], {
    cwd: root,
  });
  return stdout.trim().split("\n");
}

describe("examples run as scripts", () => {
  it("meetings-before lists a day with the class form", async () => {
    expect(await runExample("meetings-before.ts")).toEqual([
      '{"meetings":["Standup","Design review"]}',
    ]);
  });

  it("meetings-after lists a day with the factories", async () => {
    expect(await runExample("meetings-after.ts")).toEqual([
      '{"meetings":["Standup","Quarterly planning","1:1 with Ada"]}',
    ]);
  });

  it("recipes-playbook runs a play and reports a bad call as data", async () => {
    expect(await runExample("recipes-playbook.ts")).toEqual([
      '{"slug":"quarterly-planning","days":2}',
      '{"error":"play \'slug_and_span\' received invalid arguments: title: Expected string, received number; from: Required; to: Required"}',
    ]);
  });

  it("support-scope reads the bound scope and fails loud without one", async () => {
    const [bound, missing] = await runExample("support-scope.ts");
    expect(bound).toBe('{"operator":"ada","tier":"enterprise"}');
    expect(missing).toMatch(/^no run scope: this tool needs ctx\.host\.scope/);
  });
});

describe("the quick start", () => {
  it("lists the day's meetings through the boundary", async () => {
    const { today } = await import("../../examples/quick-start");
    expect(today).toEqual({ meetings: ["Standup", "Quarterly planning"] });
  });
});

describe("the example agent", () => {
  it("holds real capabilities, toolboxes and playbooks", () => {
    for (const held of exampleAgent.capabilities) {
      expect(held).toBeInstanceOf(Capability);
      expect(held.toolbox).toBeInstanceOf(Toolbox);
    }
    expect(planning.playbook).toBeInstanceOf(Playbook);
  });

  it("gives the same answers before and after the migration", async () => {
    const args = { day: "2026-12-01" };
    expect(await meetings.toolbox.execute("list_meetings", args)).toEqual(
      await meetingsBefore.toolbox.execute("list_meetings", args),
    );
    expect(meetings.toolbox.getToolSchemas()).toEqual(meetingsBefore.toolbox.getToolSchemas());
  });

  it("binds the support scope's presets over its defaults", () => {
    expect(supportScope.bind()).toEqual({ operator: "anonymous", tier: "free" });
    expect(supportScope.bind({ operator: "ada" }, "enterprise")).toEqual({
      operator: "ada",
      tier: "enterprise",
    });
  });
});
