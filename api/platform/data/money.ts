// Money is integer cents in AUD in the database and dollars on the wire (ARCHITECTURE §3): the one conversion.

/** Dollars (at most 2 decimals) as cents. */
export const toCents = (dollars: number) => Math.round(dollars * 100);
/** Cents as dollars. */
export const toDollars = (cents: number) => Math.round(cents) / 100;
