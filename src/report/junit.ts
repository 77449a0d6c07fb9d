/**
 * `check --junit FILE`: the gate's verdict as JUnit XML, the report CI systems read (GitLab, Jenkins, Azure, CircleCI
 * and the JUnit actions of GitHub): one test case per strategy gated, failing with each of its failures, and one
 * for the probes when their lint failed. The notes go to the suite's system-out.
 */
import type { GateFailure, Verdict } from '../quality/gate.ts';

const ENTITIES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&apos;',
};

/** Text for an XML attribute or element, with the characters XML 1.0 forbids removed. */
function xml(text: string | number): string {
  return (
    String(text)
      // eslint-disable-next-line no-control-regex
      .replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f]/g, '')
      .replace(/[&<>"']/g, (character) => ENTITIES[character]!)
  );
}

/** One test case: a strategy (or the probes), with its failures. */
function testCase(name: string, suite: string, failures: readonly GateFailure[]): string {
  const open = `    <testcase classname="${xml(suite)}" name="${xml(name)}" time="0"`;
  if (failures.length === 0) return `${open}/>`;
  return [
    `${open}>`,
    ...failures.map(
      (failure) =>
        `      <failure message="${xml(failure.message)}" type="${xml(failure.kind)}">${xml(failure.message)}</failure>`,
    ),
    '    </testcase>',
  ].join('\n');
}

/** The JUnit XML of a check: `name` the suite (the session, or `suite`), `strategies` the ones gated, in order. */
export function renderJunit(verdict: Verdict, name: string, strategies: readonly string[]): string {
  const suite = `compaction-bench check ${name}`;
  const names = [...new Set([...strategies, ...verdict.failures.map((failure) => failure.strategy)])];
  const cases = names.map((strategy) =>
    testCase(
      strategy,
      suite,
      verdict.failures.filter((failure) => failure.strategy === strategy),
    ),
  );
  const failed = names.filter((strategy) =>
    verdict.failures.some((failure) => failure.strategy === strategy),
  );
  const counts = `tests="${names.length}" failures="${failed.length}" errors="0" skipped="0"`;
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<testsuites name="compaction-bench" ${counts} time="0">`,
    `  <testsuite name="${xml(suite)}" ${counts} time="0">`,
    `    <properties><property name="checks" value="${verdict.checks}"/><property name="verdict" value="${verdict.passed ? 'pass' : 'fail'}"/></properties>`,
    ...cases,
    ...(verdict.notes.length > 0 ? [`    <system-out>${xml(verdict.notes.join('\n'))}</system-out>`] : []),
    '  </testsuite>',
    '</testsuites>',
    '',
  ].join('\n');
}
