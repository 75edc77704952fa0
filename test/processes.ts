/** Whether a process a test started (or had started) is still alive, read from outside it. */
import { readFileSync } from "node:fs";

/**
 * Whether `pid` is a live process. A killed process whose parent is gone may stay a zombie
 * (state Z in /proc) until an init that reaps reaps it, and still answers signal 0: it is
 * not live.
 */
export function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
  } catch {
    return false;
  }
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    return stat.slice(stat.lastIndexOf(")") + 2)[0] !== "Z";
  } catch {
    return process.platform !== "linux";
  }
}

/** Waits until `pid` is gone, for at most `ms` (a kill takes effect soon, not at once). */
export async function gone(pid: number, ms = 5_000): Promise<boolean> {
  for (const until = Date.now() + ms; Date.now() < until; ) {
    if (!isRunning(pid)) return true;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return !isRunning(pid);
}
