/**
 * The lines that open a definition, in the languages the agents edit: what an edit added (artifacts.ts) and what an
 * edit's replaced text stood inside (changed-definitions.ts) are read with the same patterns.
 */

// A Go method is a func with its receiver before the name: `func (s *Store) Save(`.
/** A line that defines a function, type, module or top-level variable; its name is the first group. */
export const DEFINITION =
  /^\s*(?:export\s+)?(?:pub(?:\([\w:]+\))?\s+)?(?:default\s+)?(?:async\s+)?(?:abstract\s+)?(?:function\s*\*?|func\s*\([^()]*\)|class|interface|type|enum|struct|trait|def|fn|func|mod|module|const|let|var|impl(?:<[^>]*>)?|defp?|defmacrop?|defmodule|defprotocol|defimpl)\s+([A-Za-z_$][\w$]*(?:\.[A-Z][\w$]*)*)/;
/** A shell function: `name() {` or `function name {`. */
export const SHELL_FUNCTION = /^\s*(?:function\s+)?([A-Za-z_][\w-]*)\s*\(\)\s*\{?\s*$/;
/** A Markdown heading of levels one to four; its text is the first group. */
export const HEADING = /^\s{0,3}#{1,4}\s+(.+?)\s*#*\s*$/;
/** A variable is a definition at the top level only (an indented one is a local of a function). */
export const LOCAL_VARIABLE = /^\s+(?:export\s+)?(?:const|let|var)\s/;
