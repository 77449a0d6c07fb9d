/** The probes a session is scored against: its sidecar's when it has one, else those derived from the transcript. */
import type { Session } from '../session/types.ts';
import { deriveProbes } from './derive/derive.ts';
import { type Probe, readSidecar } from './probes.ts';

/** A session's probes and the sidecar they came from (null when derived for this run). */
export type SessionProbes = { probes: Probe[]; file: string | null };

/** The sidecar's probes (a reviewed file wins), else the probes derived from the transcript (docs/derived-probes.md). */
export async function sessionProbes(session: Session): Promise<SessionProbes> {
  const sidecar = await readSidecar(session.path);
  return sidecar
    ? { probes: sidecar.probes, file: sidecar.file }
    : { probes: deriveProbes(session).probes, file: null };
}
