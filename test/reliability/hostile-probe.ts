/**
 * The in-process hostile loads in a process of their own, started with `--expose-gc`, so
 * that their heap figures are taken after a collection. Prints the load's figures as
 * JSON on stdout.
 *
 * Usage: node --expose-gc --import tsx test/reliability/hostile-probe.ts timeouts|approvals [count]
 */
import { concurrentTimeouts, pendingApprovals } from "./hostile-drive";

const gc = globalThis.gc;
if (gc === undefined) throw new Error("run with node --expose-gc");

function settledHeap(): number {
  for (let round = 0; round < 3; round += 1) gc?.();
  return process.memoryUsage().heapUsed;
}

const [load, count] = process.argv.slice(2);
const figures =
  load === "timeouts"
    ? await concurrentTimeouts(Number(count ?? 10_000), { heap: settledHeap })
    : load === "approvals"
      ? await pendingApprovals(Number(count ?? 100_000), { heap: settledHeap })
      : undefined;
if (figures === undefined) throw new Error(`unknown load ${String(load)}: timeouts or approvals`);
console.log(JSON.stringify(figures));
