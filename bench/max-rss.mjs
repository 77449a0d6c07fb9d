// Loaded with `node --import ./bench/max-rss.mjs …` by the benchmarks: when the process exits, it writes its peak
// resident memory (bytes) and the CPU time it used, user + system over all its threads (microseconds), to stderr
// as `max-rss <bytes>` and `cpu-us <µs>`, so a benchmark can read a child's figures without any tool outside node,
// and each point of the run's timeline (src/timeline.ts) as `timeline <point> <ms since the process started>`.
import { subscribe } from 'node:diagnostics_channel';
import { readFileSync } from 'node:fs';

// When the first model request left the process: Node's fetch (which both SDKs call) reports each request's body
// written to its connection. Between the run's `first-call` mark and this point are the SDK's and fetch's own work
// on the request, which the server's arrival time also holds but cannot tell apart from its own delay.
let requestSent = false;

// The main thread's CPU time (ms) at each point of the timeline: load moves it far less than the wall, so paired runs
// on a busy machine still compare. Linux's schedstat gives this thread's time on a CPU and its time runnable but
// waiting for one (ns); elsewhere none is kept. The wall less both is the time the thread had nothing to run.
const threadCpuAt = new Map();
const threadWaitAt = new Map();
function threadSchedule() {
  try {
    const [cpu, wait] = readFileSync('/proc/thread-self/schedstat', 'utf8').split(' ');
    return { cpuMs: Number(cpu) / 1e6, waitMs: Number(wait) / 1e6 };
  } catch {
    return undefined;
  }
}
const mark = performance.mark.bind(performance);
performance.mark = (name, ...rest) => {
  if (typeof name === 'string' && name.startsWith('compaction-bench:')) {
    const schedule = threadSchedule();
    if (schedule !== undefined) {
      threadCpuAt.set(name.slice('compaction-bench:'.length), schedule.cpuMs);
      threadWaitAt.set(name.slice('compaction-bench:'.length), schedule.waitMs);
    }
  }
  return mark(name, ...rest);
};
subscribe('undici:request:bodySent', ({ request }) => {
  if (requestSent || request.method !== 'POST') return;
  requestSent = true;
  performance.mark('compaction-bench:first-request');
});

// On Linux, getrusage's maxrss survives execve: a child spawned by a large parent (the bench after generating a
// 4 M-token session in-process) reported the parent's peak as its own. VmHWM is the peak of this program's own
// memory map, which exec starts afresh.
function peakBytes() {
  try {
    const match = /^VmHWM:\s+(\d+) kB$/m.exec(readFileSync('/proc/self/status', 'utf8'));
    if (match) return Number(match[1]) * 1024;
  } catch {
    // Not Linux: the resource usage is the only source.
  }
  return process.resourceUsage().maxRSS * 1024;
}

process.on('exit', () => {
  const usage = process.resourceUsage();
  const timeline = performance
    .getEntriesByType('mark')
    .filter((mark) => mark.name.startsWith('compaction-bench:'))
    .map((mark) => `timeline ${mark.name.slice('compaction-bench:'.length)} ${mark.startTime.toFixed(1)}\n`);
  for (const [point, ms] of threadCpuAt) timeline.push(`timeline-cpu ${point} ${ms.toFixed(1)}\n`);
  for (const [point, ms] of threadWaitAt) timeline.push(`timeline-wait ${point} ${ms.toFixed(1)}\n`);
  const exitSchedule = threadSchedule();
  if (exitSchedule !== undefined)
    timeline.push(
      `timeline-cpu exit ${exitSchedule.cpuMs.toFixed(1)}\ntimeline-wait exit ${exitSchedule.waitMs.toFixed(1)}\n`,
    );
  // The process's own start (epoch ms), so a parent can place these marks after its spawn.
  timeline.push(`timeline exit ${performance.now().toFixed(1)}\ntimeline-origin ${performance.timeOrigin}\n`);
  process.stderr.write(
    `\nmax-rss ${peakBytes()}\ncpu-us ${usage.userCPUTime + usage.systemCPUTime}\n${timeline.join('')}`,
  );
});
