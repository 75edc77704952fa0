/**
 * Every example capability, gathered as one agent: what the schema check sweeps and
 * what the MCP demo serves.
 */
import { Capability } from "toolwright";
import { meetings } from "./meetings-after";
import { meetingsBefore } from "./meetings-before";
import { recipes } from "./recipes-playbook";
import { support } from "./support-scope";

export { meetings, meetingTools } from "./meetings-after";
export { MeetingToolbox, meetingsBefore } from "./meetings-before";
export { recipes } from "./recipes-playbook";
export { support, supportScope, whoami } from "./support-scope";

/** Meetings (factory form) with the recipes playbook, as one capability. */
export const planning = new Capability(
  "planning",
  "Meetings and planning recipes",
  meetings.toolbox,
  meetings.manual,
  recipes,
);

/** The examples as one agent. `meetingsBefore` is left out: it holds the same tool names. */
export const exampleAgent = {
  name: "examples",
  capabilities: [planning, support],
} as const;

/** Both forms of the meetings capability, for comparing them side by side. */
export const migrationPair = { before: meetingsBefore, after: meetings } as const;
