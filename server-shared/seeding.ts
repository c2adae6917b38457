/**
 * How far the first start's demo seed has got while the server already serves (ADR 0072): set by the API's runtime,
 * read by the console's shell for its note. In-process: a web tier that reaches its API over API_URL shows no note.
 */
export interface Seeding {
  /** the step being seeded, e.g. "the orders" */
  step: string;
  /** orders placed so far, of `total` */
  placed: number;
  total: number;
}

const holder = globalThis as typeof globalThis & { __liveshopSeeding?: Seeding | null };

/** The seed under way, or null when there is none (the usual case). */
export const seeding = (): Seeding | null => holder.__liveshopSeeding ?? null;

export function setSeeding(state: Seeding | null) {
  holder.__liveshopSeeding = state;
}
