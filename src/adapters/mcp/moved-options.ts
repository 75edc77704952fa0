/**
 * The server options that moved when the server began to take a tool set: the controls
 * and the set's own options went to `toolSet`, the HTTP allow-lists and limits into their
 * groups, `instructions` into `server` (beside `configure`). A JavaScript caller (or a spread) still passing one would otherwise have it
 * ignored: a call that runs unasked, a time limit that does not hold.
 *
 * @module
 */

const TO_SET_CONTROLS = ["needsApproval", "timeoutMs", "strictInputs", "formatError"];
const TO_SET_OPTIONS = [
  "approvalSecret",
  "approvalMaxAgeMs",
  "recorder",
  "manuals",
  "deferLoading",
  "outputBudget",
];
const TO_GROUPS: Readonly<Record<string, string>> = {
  allowedHosts: "allowed.hosts",
  allowedOrigins: "allowed.origins",
  headersTimeoutMs: "limits.headersTimeoutMs",
  requestTimeoutMs: "limits.requestTimeoutMs",
  keepAliveTimeoutMs: "limits.keepAliveTimeoutMs",
  maxConnections: "limits.maxConnections",
  maxBodyBytes: "limits.maxBodyBytes",
  instructions: "server.instructions",
};

/** Where `name` went, or `undefined` for an option that did not move. */
function whereItWent(name: string): string | undefined {
  if (name === "capabilities") {
    return "the capabilities option is now tools: pass tools: toolSet(capabilities, { ...controls }), or tools: capabilities";
  }
  if (TO_SET_CONTROLS.includes(name)) {
    return `${name} is a control of the tool set now: pass tools: toolSet(capabilities, { controls: { ${name} } })`;
  }
  if (TO_SET_OPTIONS.includes(name)) {
    return `${name} is an option of the tool set now: pass tools: toolSet(capabilities, { ${name} })`;
  }
  const group = TO_GROUPS[name];
  return group === undefined ? undefined : `${name} is now ${group}`;
}

/** A `TypeError` saying where each moved option in `options` went, when there is one. */
export function checkMovedOptions(options: object): void {
  const moved = Object.keys(options).flatMap((name) => whereItWent(name) ?? []);
  if (moved.length > 0) throw new TypeError(`createMcpServer: ${moved.join("; ")}`);
}
