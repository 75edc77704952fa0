/**
 * The hostile loads of issue 21, part of the Reliability section: slow readers and
 * partial floods against an MCP server in a process of its own, 10,000 calls timing out
 * at once and 100,000 pending approvals in a process started with `--expose-gc`. For
 * each: what was lost (owed 0), what another client's calls took meanwhile, and memory.
 * The drivers are `test/reliability/hostile-drive.ts`; `hostile-loads.test.ts` runs them
 * small and asserts the counts.
 *
 * @module
 */
import { execFile } from "node:child_process";
import { promisify } from "node:util";
import {
  type ApprovalFigures,
  type EchoFigures,
  httpPartialFlood,
  percentile,
  slowReaders,
  stdioPartialFlood,
  type TimeoutFigures,
} from "../test/reliability/hostile-drive";
import { repoRoot } from "./environment";
import { type SummaryRow, table } from "./report";

const MiB = 1024 * 1024;
const mib = (bytes: number) => `${(bytes / MiB).toFixed(1)} MiB`;
const ms = (value: number) => (value >= 100 ? value.toFixed(0) : value.toFixed(1));
const count = (n: number) => n.toLocaleString("en");

const READERS = 8;
const RESULT_MIB = 16;
const STALL_MS = 500;
const PARTIALS = 100_000;
const PARTIAL_CHARS = 1_000;
const TIMEOUTS = 10_000;
const TIMEOUT_MS = 20;
const APPROVALS = 100_000;

async function probe<T>(load: "timeouts" | "approvals", calls: number): Promise<T> {
  const { stdout } = await promisify(execFile)(
    process.execPath,
    ["--expose-gc", "--import", "tsx", "test/reliability/hostile-probe.ts", load, String(calls)],
    { cwd: repoRoot, maxBuffer: 64 * MiB },
  );
  return JSON.parse(stdout) as T;
}

const row = (figure: string, value: string, spread: string, goal?: string, meets?: boolean) => ({
  area: "Reliability",
  figure,
  value,
  spread,
  ...(goal !== undefined && { goal }),
  ...(meets !== undefined && { meets: meets ? "yes" : "no" }),
});

const latencies = (echo: EchoFigures) =>
  `${ms(percentile(echo.latenciesMs, 50))} / ${ms(percentile(echo.latenciesMs, 99))} ms`;
const echoLatency = (echo: EchoFigures) => `echo latency ${latencies(echo)}`;

/** Runs the hostile loads, printing as it goes: their Markdown and summary rows. */
export async function runHostileLoads(): Promise<{ markdown: string; summary: SummaryRow[] }> {
  const summary: SummaryRow[] = [];
  const rows: string[][] = [];

  const slow = await slowReaders({ readers: READERS, mib: RESULT_MIB, stallMs: STALL_MS });
  const slowName = `MCP over HTTP, ${READERS} slow readers of a ${RESULT_MIB} MiB result`;
  const slowPeak = slow.peakRss - slow.before.rss;
  const slowAfter = slow.after.heap - slow.before.heap;
  rows.push([
    slowName,
    `${count(slow.echo.calls)} echo`,
    String(slow.echo.lost),
    echoLatency(slow.echo),
    `server RSS peak +${mib(slowPeak)}; heap after GC +${mib(slowAfter)}`,
  ]);
  summary.push(
    row(
      `${slowName}: echo calls lost`,
      String(slow.echo.lost),
      "none (a count)",
      "0",
      slow.echo.lost === 0,
    ),
    row(
      `${slowName}: echo latency p50 / p99`,
      latencies(slow.echo),
      `${count(slow.echo.answered)} calls; first ${ms(slow.echo.latenciesMs[0] ?? Number.NaN)} ms`,
    ),
    row(
      `${slowName}: server RSS peak growth`,
      mib(slowPeak),
      "none (one measurement)",
      `< ${2 * READERS * RESULT_MIB} MiB (twice the results)`,
      slowPeak < 2 * READERS * RESULT_MIB * MiB,
    ),
  );
  console.log(`${slowName}: done`);

  const flood = await httpPartialFlood({ partials: PARTIALS, size: PARTIAL_CHARS });
  const floodName = `MCP over HTTP, ${count(PARTIALS)} partials nobody reads`;
  const floodHeap = flood.after.heap - flood.before.heap;
  const floodPeak = flood.peakRss - flood.before.rss;
  const floodText = (PARTIALS * PARTIAL_CHARS) / MiB;
  rows.push([
    floodName,
    `${count(flood.echo.calls)} echo`,
    String(flood.echo.lost),
    echoLatency(flood.echo),
    `server RSS peak +${mib(floodPeak)}; heap after GC +${mib(floodHeap)}`,
  ]);
  summary.push(
    row(
      `${floodName}: echo calls lost`,
      String(flood.echo.lost),
      "none (a count)",
      "0",
      flood.echo.lost === 0,
    ),
    row(
      `${floodName}: echo latency p50 / p99`,
      latencies(flood.echo),
      `${count(flood.echo.answered)} calls, ${count(flood.answeredDuringFlood)} during the flood`,
    ),
    row(
      `${floodName}: server heap after GC, growth`,
      mib(floodHeap),
      "none (one measurement)",
      "< 16 MiB",
      floodHeap < 16 * MiB,
    ),
    row(
      `${floodName}: server RSS peak growth`,
      mib(floodPeak),
      "none (one measurement)",
      `< ${floodText.toFixed(0)} MiB (the partials' text)`,
      floodPeak < floodText * MiB,
    ),
  );
  console.log(`${floodName}: done`);

  const stdio = await stdioPartialFlood({ partials: PARTIALS, size: PARTIAL_CHARS });
  const stdioName = `MCP over stdio, ${count(PARTIALS)} partials, stdout unread`;
  const stdioHeap = stdio.after.heap - stdio.before.heap;
  const stdioPeak = stdio.peakRss - stdio.before.rss;
  rows.push([
    stdioName,
    "1 flood",
    String(stdio.lost),
    "",
    `server RSS peak +${mib(stdioPeak)}; heap after GC +${mib(stdioHeap)}`,
  ]);
  summary.push(
    row(
      `${stdioName}: the flood's answer lost`,
      String(stdio.lost),
      "none (a count)",
      "0",
      stdio.lost === 0,
    ),
    row(
      `${stdioName}: server heap after GC, growth`,
      mib(stdioHeap),
      "none (one measurement)",
      "< 16 MiB",
      stdioHeap < 16 * MiB,
    ),
    row(
      `${stdioName}: server RSS peak growth`,
      mib(stdioPeak),
      "none (one measurement)",
      `< ${floodText.toFixed(0)} MiB (the partials' text)`,
      stdioPeak < floodText * MiB,
    ),
  );
  console.log(`${stdioName}: done`);

  const timeouts = await probe<TimeoutFigures>("timeouts", TIMEOUTS);
  const timeoutsName = `toolSet.call, ${count(TIMEOUTS)} concurrent, timeoutMs ${TIMEOUT_MS}, never settling`;
  const timeoutsHeap = timeouts.heapAfter - timeouts.heapBefore;
  const lateness = `${ms(percentile(timeouts.latenessMs, 50))} / ${ms(percentile(timeouts.latenessMs, 99))} ms`;
  rows.push([
    timeoutsName,
    count(timeouts.calls),
    String(timeouts.lost),
    `lateness ${lateness}`,
    `heap after GC +${mib(timeoutsHeap)}`,
  ]);
  summary.push(
    row(
      `${timeoutsName}: not a timeout`,
      String(timeouts.lost),
      "none (a count)",
      "0",
      timeouts.lost === 0,
    ),
    row(
      `${timeoutsName}: lateness p50 / p99`,
      lateness,
      `starting the calls took ${ms(timeouts.issueMs)} ms`,
    ),
    row(
      `${timeoutsName}: heap after GC, growth`,
      mib(timeoutsHeap),
      "none (one measurement)",
      "< 1 MiB",
      timeoutsHeap < MiB,
    ),
  );
  console.log(`${timeoutsName}: done`);

  const approvals = await probe<ApprovalFigures>("approvals", APPROVALS);
  const approvalsName = `toolSet.call, ${count(APPROVALS)} pending approvals, then resumed`;
  const approvalsLost =
    approvals.missing + approvals.doubled + (approvals.calls - approvals.pending);
  const perPending = (approvals.heapPending - approvals.heapBefore) / approvals.calls;
  const settledHeap = approvals.heapAfter - approvals.heapBefore;
  rows.push([
    approvalsName,
    count(approvals.calls),
    String(approvalsLost),
    "",
    `heap after GC ${Math.round(perPending)} B a pending request; +${mib(settledHeap)} once settled`,
  ]);
  summary.push(
    row(
      `${approvalsName}: not pending, not run, or run twice`,
      String(approvalsLost),
      "none (a count)",
      "0",
      approvalsLost === 0,
    ),
    row(
      `${approvalsName}: ${count(approvals.replayed)} resumed again, ran again`,
      String(approvals.replayRan),
      "none (a count)",
      "0",
      approvals.replayRan === 0,
    ),
    row(
      `${approvalsName}: heap after GC per pending request (held by the caller)`,
      `${Math.round(perPending)} B`,
      "none (one measurement)",
      "< 1 KiB",
      perPending < 1024,
    ),
    row(
      `${approvalsName}: heap after GC once settled and dropped, growth`,
      mib(settledHeap),
      "none (one measurement)",
      "< 4 MiB (10,000 settled ids remembered)",
      settledHeap < 4 * MiB,
    ),
  );
  console.log(`${approvalsName}: done`);

  const markdown = [
    "Hostile loads (issue 21; `test/reliability/hostile-drive.ts`, which " +
      "`hostile-loads.test.ts` runs small). The MCP server runs in a process of its own " +
      "(`test/reliability/mcp-transport-server.ts`, `--expose-gc`), which reports its RSS " +
      "and its heap (JS heap plus external buffers, after a collection) every 100 ms: the " +
      "memory figures are that process's, each beside its value before the load. The " +
      "echo client calls `echo` over plain HTTP, one call after another, a fresh " +
      "connection each, retrying a refused connection every 10 ms; a call is lost when it " +
      "is not answered with its own argument within 15 s (p50 / p99: its latency, from " +
      "its first attempt to its answer; for the timeouts, each outcome's lateness past its " +
      "deadline). The toolSet loads run in a " +
      "process started with `--expose-gc` (`test/reliability/hostile-probe.ts`); their " +
      "heap is `heapUsed` after a collection, before the load (after a warm-up) and after it.",
    table(["load", "calls", "lost", "p50 / p99", "memory"], rows),
    `Slow readers: ${READERS} raw sockets POST a \`tools/call\` of a ${RESULT_MIB} MiB ` +
      `result and never read, against \`maxConnections: ${READERS}\` and ` +
      `\`writeStallTimeoutMs: ${STALL_MS}\`. The server held at most ${slow.maxHeld} of them ` +
      `at once (it produces one ${RESULT_MIB} MiB result at a time and ends the first stalled ` +
      `ones while still writing the later ones), refused ${slow.dropped} connections at the ` +
      `cap, and had closed ${slow.readersClosed} of ${READERS} after ` +
      `${ms(slow.readersHeldMs)} ms. ${count(slow.answeredWhileHeld)} of ` +
      `${count(slow.echo.answered)} echo calls were answered while it still held a slow ` +
      `reader; the first waited ${ms(slow.echo.latenciesMs[0] ?? Number.NaN)} ms behind the ` +
      `big results being produced; ${slow.echo.refused} connection attempts were refused. ` +
      `Server RSS ${mib(slow.before.rss)} before, ${mib(slow.peakRss)} at its peak, ` +
      `${mib(slow.after.rss)} after; heap ${mib(slow.before.heap)} before, ` +
      `${mib(slow.after.heap)} after.`,
    `Partial floods: \`flood\` yields ${count(PARTIALS)} partials of ${count(PARTIAL_CHARS)} ` +
      `characters (${floodText.toFixed(0)} MiB of text) without awaiting, for a client that ` +
      "asked for progress and reads nothing (over HTTP, `writeStallTimeoutMs: 60000`, so the " +
      "connection is kept and `maxBufferedBytes`, 1 MiB, drops progress past it; over stdio, " +
      "a parent that pauses the child's stdout). Over HTTP the tool yielded " +
      `${count(flood.yielded)}, the unread connection was ${flood.readerOpen ? "still open" : "closed"} ` +
      `at its end, and ${count(flood.answeredDuringFlood)} of ${count(flood.echo.answered)} ` +
      "echo calls were answered while it ran. Over stdio the tool yielded " +
      `${count(stdio.yielded)}; once the parent read again it received ` +
      `${count(stdio.progressReceived)} progress notifications and the flood's answer ` +
      `(${stdio.lost === 0 ? "not lost" : "lost"}). RSS before / peak / after: HTTP ` +
      `${mib(flood.before.rss)} / ${mib(flood.peakRss)} / ${mib(flood.after.rss)}, stdio ` +
      `${mib(stdio.before.rss)} / ${mib(stdio.peakRss)} / ${mib(stdio.after.rss)}.`,
    `Timeouts: ${count(TIMEOUTS)} concurrent calls of a tool that never settles, ` +
      `\`timeoutMs: ${TIMEOUT_MS}\`: ${count(timeouts.timeouts)} came back \`timeout\`. ` +
      "Lateness is from each call's deadline (its start plus the limit) to its outcome; " +
      `starting all the calls took ${ms(timeouts.issueMs)} ms of synchronous work, which ` +
      `the timers wait behind. Heap ${mib(timeouts.heapBefore)} before, ` +
      `${mib(timeouts.heapAfter)} after, the outcomes dropped.`,
    `Approvals: ${count(APPROVALS)} concurrent calls of a \`needsApproval\` tool: ` +
      `${count(approvals.pending)} came back pending; the requests held, heap ` +
      `${mib(approvals.heapBefore)} before, ${mib(approvals.heapPending)} with them pending ` +
      "(the set keeps nothing per request: the figure is the signed requests themselves). " +
      `Each resumed with \`{ approved: true }\`: ${count(approvals.resumedOk)} came back with ` +
      `the tool's value, ${approvals.missing} never ran, ${approvals.doubled} extra runs. ` +
      `The ${count(approvals.replayed)} most recently settled resumed again: ` +
      `${approvals.replayRan} ran again. Heap once settled and dropped: ` +
      `${mib(approvals.heapAfter)} (the set remembers the last 10,000 settled ids).`,
  ].join("\n\n");
  return { markdown, summary };
}
