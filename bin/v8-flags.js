// V8's tiering settings for every run, applied before the CLI's modules load (bin/compaction-bench.js imports this
// first). V8 hands a function to TurboFan, its optimizing compiler, after the function has run a budget of
// bytecode; a compile costs CPU on a helper thread, and after each full collection the runtime compiles again what
// the collection dropped. A suite of short sessions and a short command paid most of their helper threads' CPU for
// compiles of functions that then ran too little to repay them. Eight times V8's default budget (66 KiB of
// bytecode) compiles only what stays hot: docs/performance-history.md (round s21, P45) has the paired figures.
import { setFlagsFromString } from 'node:v8';

/** The interrupt budget (bytes of bytecode run between a function's tiering checks) every run uses. */
export const INTERRUPT_BUDGET = 8 * 67_584;

setFlagsFromString(`--interrupt-budget=${INTERRUPT_BUDGET}`);
