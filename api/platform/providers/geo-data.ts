// the package holds every country, state and city of the world (several MB): loaded on first use, then kept
type Csc = typeof import("country-state-city");
let csc: Promise<Csc> | null = null;

/** Countries, states and cities (ARCHITECTURE §6): the geo calls, the places search and the influencer forms read them. */
export const geoData = () => (csc ??= import("country-state-city"));
