// The customers pages' shared, client-safe pieces (ADR 0034).

/** Who may add customers: owners and staff with customer add (admins have no shop of their own to register for). */
export const CUSTOMER_ADD_ACCESS = { roles: ["shopOwner", "staff"] as const, module: "customer" as const };
