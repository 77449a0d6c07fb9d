/**
 * Time for the tests' speed guards ("counted in linear time", "no quadratic work"), taken as this process's CPU
 * time rather than the clock's: other work on a busy machine (other test files, other processes) stretches the
 * clock, not the CPU time of the work measured. Tests in one process run one at a time, so the process's CPU time
 * over `work` is the work's.
 */

/** What `work` returned and the CPU milliseconds the process spent while it ran. */
export async function cpuTime<T>(work: () => T | Promise<T>): Promise<{ value: T; milliseconds: number }> {
  const started = process.cpuUsage();
  const value = await work();
  const spent = process.cpuUsage(started);
  return { value, milliseconds: (spent.user + spent.system) / 1000 };
}
