/** Every importer, in detection order. */
import type { Importer } from '../importer.ts';
import type { SessionFormat } from '../types.ts';
import { piImporter } from './pi.ts';

/** The importers by format. */
export const IMPORTERS = {
  pi: piImporter,
} satisfies Partial<Record<SessionFormat, Importer>>;

/** Importers in the order detection tries them. */
export const IMPORTER_LIST: readonly Importer[] = Object.values(IMPORTERS);
