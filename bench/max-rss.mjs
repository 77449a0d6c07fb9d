// Loaded with `node --import ./bench/max-rss.mjs …` by the benchmarks: when the process exits, it writes its peak
// resident memory (bytes) to stderr as `max-rss <bytes>`, so a benchmark can read a child's peak without any tool
// outside node.
process.on('exit', () => {
  process.stderr.write(`\nmax-rss ${process.resourceUsage().maxRSS * 1024}\n`);
});
