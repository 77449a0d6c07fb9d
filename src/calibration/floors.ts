/**
 * The floors `calibrate` holds the held-out part to (docs/calibration.md): the benchmark's headline (the derived
 * probes on each summary and its kept tail, against the reader), the coverage and precision of those probes, and the
 * matcher's kappa per kind. They read held-out figures, so they need the held-out part scored (`--held-out`).
 */
import { InputError } from '../errors.ts';
import type { Calibration } from './calibrate.ts';

/** Floors on the held-out figures; undefined ones are not checked. */
export type CalibrationFloors = {
  /** The headline's mean |tool − human| at most this. */
  maxError?: number;
  /** The headline's rank correlation across summaries at least this. */
  minCorrelation?: number;
  /** The share of the reader's live facts the derived probes state at least this. */
  minCoverage?: number;
  /** The share of live derived probes that state a reader's fact at least this. */
  minPrecision?: number;
  /** The matcher's kappa for every kind at least this. */
  minKappa?: number;
};

/** The flag of each floor, for messages. */
const FLAGS: Record<keyof CalibrationFloors, string> = {
  maxError: '--max-error',
  minCorrelation: '--min-correlation',
  minCoverage: '--min-coverage',
  minPrecision: '--min-precision',
  minKappa: '--min-kappa',
};

/** The floors that are set. */
function setFloors(floors: CalibrationFloors): Array<keyof CalibrationFloors> {
  return (Object.keys(FLAGS) as Array<keyof CalibrationFloors>).filter((key) => floors[key] !== undefined);
}

/**
 * Refuses floors without the held-out part: a floor reads held-out figures, and an exit code is a figure too, so
 * they are checked only where the held-out figures are printed.
 */
export function checkFloorsNeedHeldOut(floors: CalibrationFloors, heldOut: boolean): void {
  const set = setFloors(floors);
  if (set.length > 0 && !heldOut)
    throw new InputError(
      `${set.map((key) => FLAGS[key]).join(', ')} ${set.length === 1 ? 'holds' : 'hold'} the held-out figures: add --held-out, which computes and prints them`,
    );
}

const figure = (value: number | null): string => (value === null ? 'undefined' : value.toFixed(2));

/** Each held-out figure past its floor, as a sentence; none when all hold. */
export function floorFailures(calibration: Calibration, floors: CalibrationFloors): string[] {
  if (setFloors(floors).length === 0) return [];
  const heldOut = calibration.splits['held-out'];
  if (heldOut === null) return ['the held-out figures were not computed (--held-out)'];
  if (heldOut.summaries === 0) return ['no held-out summary could be scored'];
  const failures: string[] = [];
  const headline = heldOut.derived;
  // Without the cuts' transcripts nothing derived can be scored: one failure says so, not a floor per figure.
  if (headline.summaries === 0)
    failures.push("no held-out headline could be scored: it needs each held-out cut's transcript");
  else {
    if (floors.maxError !== undefined && (headline.meanAbsoluteError ?? 1) > floors.maxError)
      failures.push(
        `held-out headline mean |tool − human| ${figure(headline.meanAbsoluteError)} is above --max-error ${floors.maxError}`,
      );
    if (floors.minCorrelation !== undefined && (headline.rankCorrelation ?? -1) < floors.minCorrelation)
      failures.push(
        `held-out headline rank correlation ${figure(headline.rankCorrelation)} is below --min-correlation ${floors.minCorrelation}`,
      );
    if (floors.minCoverage !== undefined && (heldOut.coverage.all.share ?? 0) < floors.minCoverage)
      failures.push(
        `held-out coverage of the reader's live facts ${figure(heldOut.coverage.all.share)} is below --min-coverage ${floors.minCoverage}`,
      );
    if (floors.minPrecision !== undefined && (heldOut.precision.all.share ?? 0) < floors.minPrecision)
      failures.push(
        `held-out precision of the derived probes ${figure(heldOut.precision.all.share)} is below --min-precision ${floors.minPrecision}`,
      );
  }
  if (calibration.judge !== null) {
    // With a model, the judge is the reference: the judged headline answers to the same floors.
    const judged = heldOut.judged;
    const floored = floors.maxError !== undefined || floors.minCorrelation !== undefined;
    if (floored && judged.summaries === 0)
      failures.push("no held-out summary could be judged: the headline needs each cut's transcript");
    else if (floors.maxError !== undefined && (judged.meanAbsoluteError ?? 1) > floors.maxError)
      failures.push(
        `held-out judged headline mean |judge − human| ${figure(judged.meanAbsoluteError)} is above --max-error ${floors.maxError}`,
      );
    if (floors.minCorrelation !== undefined && (judged.rankCorrelation ?? -1) < floors.minCorrelation)
      failures.push(
        `held-out judged headline rank correlation ${figure(judged.rankCorrelation)} is below --min-correlation ${floors.minCorrelation}`,
      );
  }
  if (floors.minKappa !== undefined) {
    for (const [kind, { kappa }] of Object.entries(heldOut.kappaByKind)) {
      if (kappa !== null && kappa < floors.minKappa)
        failures.push(`held-out kappa for ${kind} ${figure(kappa)} is below --min-kappa ${floors.minKappa}`);
    }
  }
  return failures;
}
