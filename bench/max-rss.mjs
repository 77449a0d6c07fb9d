// Loaded with `node --import ./bench/max-rss.mjs …` by the benchmarks: when the process exits, it writes its peak
// resident memory (bytes) and the CPU time it used, user + system over all its threads (microseconds), to stderr
// as `max-rss <bytes>` and `cpu-us <µs>`, so a benchmark can read a child's figures without any tool outside node.
process.on('exit', () => {
  const usage = process.resourceUsage();
  process.stderr.write(
    `\nmax-rss ${usage.maxRSS * 1024}\ncpu-us ${usage.userCPUTime + usage.systemCPUTime}\n`,
  );
});
