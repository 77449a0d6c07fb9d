/**
 * The renderers and writers of a run's reports and terminal output, in one module that a compare loads while its
 * calls are in flight (load-renderers.ts): its first call waits for none of them.
 */
export { renderSessionReports, writeSessionReports, writeSuiteReports, writeSweepReport } from './write.ts';
export { renderSuiteTerminal } from './suite-terminal.ts';
export { renderResultsTerminal } from './sweep.ts';
export { runVerdicts } from './run-verdict.ts';
