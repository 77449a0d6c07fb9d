/**
 * A plan or design document the agent wrote and then carried out (`docs/plans/2026-01-29-x-design.md`,
 * `/tmp/applet-plan.md`, `.entire/WINGMAN_PLAN.md`): its sections are the agent's working notes of the work that
 * followed. A reader lists what the plan decided (the design as built, the decisions) and where the work stands, not
 * what the plan file holds, so an artifact probe of it is history once the agent went on to change other files. A
 * plan the agent wrote and changed nothing after (the document is the work asked for), and one it kept up as the work
 * went (its steps ticked off), still stand.
 */
import { fileName } from '../../session/normalise-path.ts';
import type { FileOperation } from '../../session/types.ts';

// A Markdown file named as a plan or a design: `plan.md`, `PLAN.md`, `x-plan.md`, `X_PLAN.md`, `x.design.md`, or any
// Markdown file in a `plans` folder (`docs/plans/`, `.claude/plans/`).
const PLAN_NAME = /(?:^|[-_.])(?:plan|design)\.md$/i;
const PLAN_FOLDER = /(?:^|[/\\])plans[/\\][^/\\]+\.md$/i;

/** Whether a path names a plan or design document. */
export function isPlanDocument(path: string): boolean {
  return PLAN_NAME.test(fileName(path)) || PLAN_FOLDER.test(path);
}

/**
 * Whether `file` is a plan document the agent wrote before `cut` and then carried out: after its last write or edit
 * and before the cut, the agent wrote or edited another file, and it changed no other file between the plan's first
 * and last writes. A plan kept up as the work goes (a work package ticked off after each step) is where the work
 * stands, which a reader lists.
 */
export function carriedOutPlanDocument(
  file: string,
  operations: readonly FileOperation[],
  cut: number,
): boolean {
  if (!isPlanDocument(file)) return false;
  const changes = operations.filter((operation) => operation.kind !== 'read' && operation.messageIndex < cut);
  const writes = changes.filter((operation) => operation.path === file);
  const [firstWrite, lastWrite] = [writes[0], writes.at(-1)];
  if (firstWrite === undefined || lastWrite === undefined) return false;
  const others = changes.filter((operation) => operation.path !== file);
  const keptUp = others.some(
    (operation) =>
      operation.messageIndex > firstWrite.messageIndex && operation.messageIndex < lastWrite.messageIndex,
  );
  return !keptUp && others.some((operation) => operation.messageIndex > lastWrite.messageIndex);
}
