/**
 * Structural discovery of toolwright objects in arbitrary values (a module's exports,
 * an array, a record): toolboxes, playbooks, capabilities, agents holding capabilities
 * and bare tool definitions. Recognised by shape, never by `instanceof`, so objects
 * built by a second copy of the package are found too.
 *
 * @module
 */

/** A toolbox as the sweep sees it: a name and a record of tools. */
export interface ToolboxLike {
  readonly name?: unknown;
  readonly tools: Readonly<Record<string, unknown>>;
}

/** A playbook as the sweep sees it: a name and a record of plays. */
export interface PlaybookLike {
  readonly name?: unknown;
  readonly plays: Readonly<Record<string, unknown>>;
}

/** A manual as the sweep sees it: something with a name that renders to prompt text. */
export interface ManualLike {
  readonly name: string;
  readonly description?: unknown;
  toPrompt(): string;
}

/** A capability as the sweep sees it: a toolbox, optionally a playbook and a manual. */
export interface CapabilityLike {
  readonly name?: unknown;
  readonly toolbox: ToolboxLike;
  readonly playbook?: PlaybookLike;
  readonly manual?: ManualLike;
}

/** A set of capabilities a host serves together: one namespace for all their tools. */
export interface CapabilitySet {
  /** The agent's `name`, or where the set was found (an export name). */
  readonly label: string;
  /** The capabilities in order, each once. */
  readonly capabilities: readonly CapabilityLike[];
  /** The module the set came from, when known. */
  readonly source: string | undefined;
}

/** Something found at a labelled place, and the module it came from. */
export interface Found<T> {
  readonly value: T;
  /** Where it was found, e.g. the export name `meetingTools` or `tools[2]`. */
  readonly at: string;
  readonly source: string | undefined;
}

/** Everything discovery found, in the order it was met, each object once. */
export interface Discovery {
  readonly sets: readonly CapabilitySet[];
  readonly capabilities: readonly Found<CapabilityLike>[];
  readonly toolboxes: readonly Found<ToolboxLike>[];
  readonly playbooks: readonly Found<PlaybookLike>[];
  /** Tool or play definitions exported on their own, outside any toolbox. */
  readonly tools: readonly Found<object>[];
}

/** One value to search, named (an export name) and tied to the module it came from. */
export interface SweepRoot {
  /** Where the value is, e.g. its export name. */
  readonly name: string;
  /** The value to search. */
  readonly value: unknown;
  /** The module (file path) the value came from, for reports and annotations. */
  readonly source?: string;
}

/** How deep discovery descends into plain arrays and records. */
const MAX_DEPTH = 8;

/** Discovery's lists while it walks; agents' sets and arrays' sets are kept apart. */
interface Collected {
  readonly sets: CapabilitySet[];
  readonly arraySets: CapabilitySet[];
  readonly capabilities: Found<CapabilityLike>[];
  readonly toolboxes: Found<ToolboxLike>[];
  readonly playbooks: Found<PlaybookLike>[];
  readonly tools: Found<object>[];
  readonly seen: WeakSet<object>;
}

/** Where the walk is: the label so far, the module, and how many levels down. */
interface Site {
  readonly at: string;
  readonly source: string | undefined;
  readonly depth: number;
}

/**
 * Finds every toolwright object reachable from `roots` through agents, arrays and
 * plain records. Cycles are cut; each object is reported once, where it was first met.
 */
export function discover(roots: readonly SweepRoot[]): Discovery {
  const found: Collected = {
    sets: [],
    arraySets: [],
    capabilities: [],
    toolboxes: [],
    playbooks: [],
    tools: [],
    seen: new WeakSet(),
  };
  for (const root of roots) {
    visit(found, root.value, { at: root.name, source: root.source, depth: 0 });
  }
  const { sets, arraySets, capabilities, toolboxes, playbooks, tools } = found;
  // Agents name their set; an array only says where it was found, so agents label first.
  return { sets: [...sets, ...arraySets], capabilities, toolboxes, playbooks, tools };
}

function visit(found: Collected, value: unknown, site: Site): void {
  if (typeof value !== "object" || value === null) return;
  if (found.seen.has(value) || site.depth > MAX_DEPTH) return;
  found.seen.add(value);
  if (!recognise(found, value, site)) descend(found, value, site);
}

/**
 * Records `value` when it is a toolwright object, and says whether it was. Of these only
 * an agent is entered, for its capabilities; what a toolbox or capability holds is the
 * sweep's to read.
 */
function recognise(found: Collected, value: object, site: Site): boolean {
  const { at, source } = site;
  if (isAgentLike(value)) {
    const members = capabilitiesOf(value);
    found.sets.push({ label: agentLabel(value, at), capabilities: members, source });
    for (const member of members) visit(found, member, inside(site, `${at}.capabilities`));
    return true;
  }
  if (isCapabilityLike(value)) {
    found.capabilities.push({ value, at, source });
    return true;
  }
  // A toolbox that is also a playbook is both; neither check may hide the other.
  const toolbox = isToolboxLike(value);
  if (toolbox) found.toolboxes.push({ value, at, source });
  const playbook = isPlaybookLike(value);
  if (playbook) found.playbooks.push({ value, at, source });
  if (toolbox || playbook) return true;
  if (isToolLike(value)) {
    found.tools.push({ value, at, source });
    return true;
  }
  return false;
}

/** Walks into a plain array or record; any other object is left alone. */
function descend(found: Collected, value: object, site: Site): void {
  if (Array.isArray(value)) {
    // An array holding capabilities is what a host is handed: one capability set.
    const members = value.filter(isCapabilityLike);
    if (members.length > 0) {
      found.arraySets.push({ label: site.at, capabilities: unique(members), source: site.source });
    }
    value.forEach((item, index) => {
      visit(found, item, inside(site, `${site.at}[${index}]`));
    });
    return;
  }
  if (isPlainRecord(value)) {
    for (const key of Object.keys(value)) {
      visit(found, read(value, key), inside(site, `${site.at}.${key}`));
    }
  }
}

function inside(site: Site, at: string): Site {
  return { at, source: site.source, depth: site.depth + 1 };
}

/** True when `value` has a `tools` record and a toolbox's `name` or `execute`. */
function isToolboxLike(value: unknown): value is ToolboxLike {
  if (!isObject(value) || !isRecord(read(value, "tools"))) return false;
  return typeof read(value, "name") === "string" || typeof read(value, "execute") === "function";
}

/** True when `value` has a `plays` record and a playbook's `name` or `execute`. */
function isPlaybookLike(value: unknown): value is PlaybookLike {
  if (!isObject(value) || !isRecord(read(value, "plays"))) return false;
  return typeof read(value, "name") === "string" || typeof read(value, "execute") === "function";
}

/** True when `value` holds a toolbox, and any playbook or manual it holds has the right shape. */
function isCapabilityLike(value: unknown): value is CapabilityLike {
  if (!isObject(value) || !isToolboxLike(read(value, "toolbox"))) return false;
  const playbook = read(value, "playbook");
  const manual = read(value, "manual");
  return (
    (playbook === undefined || isPlaybookLike(playbook)) &&
    (manual === undefined || isManualLike(manual))
  );
}

/** True when `value` is a manual: a `name` and a `toPrompt()`. */
function isManualLike(value: unknown): value is ManualLike {
  return (
    isObject(value) &&
    typeof read(value, "name") === "string" &&
    typeof read(value, "toPrompt") === "function"
  );
}

/** True when `value` holds `capabilities` (an array or a record) and is not itself a capability. */
function isAgentLike(value: unknown): value is { readonly capabilities: unknown } {
  if (!isObject(value) || isCapabilityLike(value)) return false;
  const members = read(value, "capabilities");
  return Array.isArray(members) || isPlainRecord(members);
}

/**
 * True when `value` looks like a tool or play definition: an `execute` function beside a
 * `description` or `parameters`. The schema itself is not read here: a getter that
 * throws must surface as a finding for the tool, not hide it.
 */
function isToolLike(value: unknown): boolean {
  if (!isObject(value) || typeof read(value, "execute") !== "function") return false;
  return typeof read(value, "description") === "string" && "parameters" in value;
}

/**
 * The capabilities of an agent, flattened through nested agents, each once; a cycle of
 * agents holding each other is cut.
 */
function capabilitiesOf(agent: { readonly capabilities: unknown }): CapabilityLike[] {
  const found: CapabilityLike[] = [];
  const onPath = new Set<object>();
  const collect = (holder: object): void => {
    if (onPath.has(holder)) return;
    onPath.add(holder);
    const members = read(holder, "capabilities");
    const list = Array.isArray(members) ? members : isObject(members) ? Object.values(members) : [];
    for (const member of list) {
      if (isCapabilityLike(member)) found.push(member);
      else if (isAgentLike(member)) collect(member);
    }
  };
  collect(agent);
  return unique(found);
}

function agentLabel(agent: object, at: string): string {
  const name = read(agent, "name");
  return typeof name === "string" && name !== "" ? name : at;
}

function unique<T>(items: readonly T[]): T[] {
  return [...new Set(items)];
}

/** True for any object but `null`; functions are not objects here. */
export function isObject(value: unknown): value is object {
  return typeof value === "object" && value !== null;
}

function isRecord(value: unknown): value is Readonly<Record<string, unknown>> {
  return isObject(value) && !Array.isArray(value);
}

function isPlainRecord(value: unknown): value is Readonly<Record<string, unknown>> {
  if (!isRecord(value)) return false;
  const proto = Object.getPrototypeOf(value);
  return proto === Object.prototype || proto === null || isModuleNamespace(value);
}

function isModuleNamespace(value: object): boolean {
  return Object.prototype.toString.call(value) === "[object Module]";
}

/** Reads a property, treating a getter that throws as absent. */
export function read(target: object, key: string): unknown {
  try {
    return (target as Record<string, unknown>)[key];
  } catch {
    return undefined;
  }
}
