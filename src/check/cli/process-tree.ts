/**
 * Ending the check worker together with every process a module started in it. A module
 * may spawn children, detached ones too (a session of their own, out of the worker's
 * process group); the check must not leave them running, and must not wait for the ones
 * holding the worker's output pipes.
 *
 * @module
 */
import { spawnSync } from "node:child_process";
import { readdirSync } from "node:fs";
import { readRegularFile } from "./read-regular-file";

/** Whether the worker runs in a process group of its own, which one signal ends. */
export const OWN_PROCESS_GROUP = process.platform !== "win32";

/** How long listing the processes (`ps`, where there is no `/proc`) may take. */
const LIST_TIMEOUT = 2_000;

/**
 * Kills `root` and its descendants. On POSIX the tree is stopped first, level by level,
 * so that nothing forks while it is listed (a process killed first would leave its
 * children to init, out of reach), then killed: the root's process group and each
 * descendant found by its parent pid, which is how a detached child is found. A process
 * that was already handed to init (a double fork) cannot be found by anyone. Never throws.
 */
export function killProcessTree(root: number): void {
  if (!OWN_PROCESS_GROUP) {
    spawnSync("taskkill", ["/pid", String(root), "/T", "/F"], {
      stdio: "ignore",
      timeout: LIST_TIMEOUT,
    });
    return;
  }
  const tree = new Set([root]);
  signal(-root, "SIGSTOP");
  signal(root, "SIGSTOP");
  // Each round stops the children of the processes stopped so far; a tree is shallow.
  for (let round = 0; round < 16; round += 1) {
    const found = descendants(root, parentsOfAll()).filter((pid) => !tree.has(pid));
    if (found.length === 0) break;
    for (const pid of found) {
      tree.add(pid);
      signal(pid, "SIGSTOP");
    }
  }
  signal(-root, "SIGKILL");
  for (const pid of tree) signal(pid, "SIGKILL");
}

/** Kills what is left of the process group `leader` led; never throws. */
export function killProcessGroup(leader: number): void {
  if (OWN_PROCESS_GROUP) signal(-leader, "SIGKILL");
}

function signal(pid: number, name: NodeJS.Signals): void {
  try {
    process.kill(pid, name);
  } catch {
    // Gone already, or never ours: nothing to end.
  }
}

/** Every descendant of `root`, by the parent pid of each process. */
function descendants(root: number, parents: ReadonlyMap<number, number>): number[] {
  const children = new Map<number, number[]>();
  for (const [pid, parent] of parents) {
    children.set(parent, [...(children.get(parent) ?? []), pid]);
  }
  const found: number[] = [];
  const queue = [root];
  for (let pid = queue.shift(); pid !== undefined; pid = queue.shift()) {
    for (const child of children.get(pid) ?? []) {
      if (child === root || found.includes(child)) continue;
      found.push(child);
      queue.push(child);
    }
  }
  return found;
}

/** Each process's parent pid: from `/proc` on Linux, else from `ps`. */
function parentsOfAll(): Map<number, number> {
  const parents = new Map<number, number>();
  let entries: string[];
  try {
    entries = readdirSync("/proc").filter((name) => /^\d+$/.test(name));
  } catch {
    return parentsFromPs();
  }
  for (const pid of entries) {
    const parent = parentFromStat(pid);
    if (parent !== undefined) parents.set(Number(pid), parent);
  }
  return parents;
}

// `pid (comm) state ppid …`; comm may hold spaces and parentheses, so read after the last ')'.
function parentFromStat(pid: string): number | undefined {
  try {
    const stat = readRegularFile(`/proc/${pid}/stat`, 4096);
    const ppid = Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[1]);
    return Number.isInteger(ppid) ? ppid : undefined;
  } catch {
    return undefined;
  }
}

function parentsFromPs(): Map<number, number> {
  const parents = new Map<number, number>();
  const result = spawnSync("ps", ["-A", "-o", "pid=,ppid="], {
    encoding: "utf8",
    timeout: LIST_TIMEOUT,
  });
  for (const line of (result.stdout ?? "").split("\n")) {
    const [pid, ppid] = line.trim().split(/\s+/).map(Number);
    if (Number.isInteger(pid) && Number.isInteger(ppid)) parents.set(pid as number, ppid as number);
  }
  return parents;
}
