/** Files an `apply_patch` patch touches (Codex and other agents using the same patch envelope). */
import type { FileOperationKind } from '../types.ts';

const HEADERS: ReadonlyArray<{ prefix: string; kind: FileOperationKind }> = [
  { prefix: '*** Add File: ', kind: 'write' },
  { prefix: '*** Update File: ', kind: 'edit' },
  // Deleting a file changes the tree, so it counts as modifying it.
  { prefix: '*** Delete File: ', kind: 'edit' },
  { prefix: '*** Move to: ', kind: 'write' },
];

/** Whether a text holds a patch in the `*** Begin Patch` envelope. */
export function containsPatch(text: string): boolean {
  return text.includes('*** Begin Patch');
}

/** The files named by a patch's `*** Add File:` / `*** Update File:` / `*** Delete File:` / `*** Move to:` headers. */
export function patchFileTargets(patch: string): Array<{ kind: FileOperationKind; path: string }> {
  const targets: Array<{ kind: FileOperationKind; path: string }> = [];
  for (const rawLine of patch.split('\n')) {
    const line = rawLine.trimEnd();
    for (const header of HEADERS) {
      if (!line.startsWith(header.prefix)) continue;
      const path = line.slice(header.prefix.length).trim();
      if (path) targets.push({ kind: header.kind, path });
    }
  }
  return targets;
}
