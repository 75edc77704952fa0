import {
  Capability,
  capability,
  definePlay,
  defineTool,
  type Manual,
  type Playbook,
  playbook,
  TextManual,
  type Toolbox,
  toolbox,
} from "toolwright";
import { describe, expect, it } from "vitest";
import { thrown } from "./catch";
import { zodMajors } from "./zods";

describe.each(zodMajors)("Capability with $major", ({ z }) => {
  const listMeetings = defineTool({
    description: "List meetings for a day",
    parameters: z.object({ day: z.string() }),
    returns: z.object({ meetings: z.array(z.string()) }),
    execute: () => ({ meetings: [] }),
  });
  const cancel = {
    description: "Cancel a meeting",
    parameters: z.object({ id: z.string() }),
    execute: () => true,
  };
  const summarise = definePlay({
    description: "Summarise the day",
    parameters: z.object({}),
    returns: z.object({ text: z.string() }),
    execute: () => ({ text: "" }),
  });
  const tools = toolbox("meetings", "Meeting management tools", {
    list_meetings: listMeetings,
    cancel_meeting: cancel,
  });
  const plays = playbook("meeting-plays", "Recipes", { summarise_day: summarise });
  const manual = new TextManual("meetings-manual", "Use list_meetings to see the day's schedule.");

  it("is frozen", () => {
    const cap = new Capability("meetings", "Meeting management", tools, manual, plays);
    expect(Object.isFrozen(cap)).toBe(true);
    expect(() => {
      (cap as { name: string }).name = "other";
    }).toThrow(TypeError);
    expect(cap.name).toBe("meetings");
  });

  it("getTools() lists the toolbox's tools, then the playbook's plays", () => {
    const cap = new Capability("meetings", "Meeting management", tools, manual, plays);
    expect(cap.getTools()).toStrictEqual([
      { kind: "tool", name: "list_meetings", definition: listMeetings },
      { kind: "tool", name: "cancel_meeting", definition: cancel },
      { kind: "play", name: "summarise_day", definition: summarise },
    ]);
    expect(cap.getTools()[0]?.definition).toBe(listMeetings);
    const toolsOnly = new Capability("meetings", "Meeting management", tools);
    expect(toolsOnly.getTools().map((entry) => entry.name)).toStrictEqual([
      "list_meetings",
      "cancel_meeting",
    ]);
  });

  it("toPrompt() holds the description, the tools, the plays and the manual", () => {
    const cap = new Capability("meetings", "Meeting management", tools, manual, plays);
    expect(cap.toPrompt()).toBe(
      [
        "# meetings",
        "Meeting management",
        "",
        "## Tools",
        "- list_meetings: List meetings for a day",
        "- cancel_meeting: Cancel a meeting",
        "",
        "## Plays",
        "- summarise_day: Summarise the day",
        "",
        "## Manual: meetings-manual",
        "Use list_meetings to see the day's schedule.",
      ].join("\n"),
    );
    expect(new Capability("meetings", "Meeting management", tools).toPrompt()).toBe(
      [
        "# meetings",
        "Meeting management",
        "",
        "## Tools",
        "- list_meetings: List meetings for a day",
        "- cancel_meeting: Cancel a meeting",
      ].join("\n"),
    );
  });

  it("capability({...}) builds the same frozen Capability as the constructor", () => {
    const built = capability({
      name: "meetings",
      description: "Meeting management",
      toolbox: tools,
      manual,
      playbook: plays,
    });
    const constructed = new Capability("meetings", "Meeting management", tools, manual, plays);
    expect(built).toBeInstanceOf(Capability);
    expect(Object.isFrozen(built)).toBe(true);
    expect(built.name).toBe("meetings");
    expect(built.description).toBe("Meeting management");
    expect(built.toolbox).toBe(tools);
    expect(built.manual).toBe(manual);
    expect(built.playbook).toBe(plays);
    expect(built).toStrictEqual(constructed);
    expect(built.toPrompt()).toBe(constructed.toPrompt());
    expect(built.getTools()).toStrictEqual(constructed.getTools());
  });

  it("capability({...}) without a manual or a playbook leaves them undefined", () => {
    const built = capability({ name: "m", description: "d", toolbox: tools });
    expect(built.manual).toBeUndefined();
    expect(built.playbook).toBeUndefined();
    expect(built).toStrictEqual(new Capability("m", "d", tools));
  });
});

describe("Capability argument checks", () => {
  const { z } = zodMajors[0] as (typeof zodMajors)[number];
  const tools = toolbox("t", "d", {
    t: { description: "t", parameters: z.object({}), execute: () => 1 },
  });

  it("throws a TypeError naming what was passed instead of a toolbox", () => {
    const cases: [unknown, string][] = [
      [{ name: "x" }, "an object with keys [name]"],
      [null, "null"],
      [undefined, "undefined"],
      ["meetings", 'a string ("meetings")'],
    ];
    for (const [value, described] of cases) {
      const build = () =>
        capability({ name: "meetings", description: "d", toolbox: value as Toolbox });
      expect(thrown(build)).toBeInstanceOf(TypeError);
      expect(thrown(build).message).toBe(
        `capability 'meetings': expected a toolbox (an object with 'tools'), received ${described}`,
      );
    }
  });

  it("throws a TypeError for a manual or a playbook of the wrong shape", () => {
    expect(
      thrown(() => new Capability("c", "d", tools, { name: "m" } as unknown as Manual)).message,
    ).toBe(
      "capability 'c': expected a manual (an object with 'toPrompt'), received an object with keys [name]",
    );
    expect(
      thrown(() => new Capability("c", "d", tools, undefined, 42 as unknown as Playbook)).message,
    ).toBe("capability 'c': expected a playbook (an object with 'plays'), received a number (42)");
  });
});
