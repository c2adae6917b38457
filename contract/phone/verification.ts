/** spec 1 §4 Influencer and shop verification: Pending, Approved, Rejected. */
export const VERIFICATION_STATUSES = ["Pending", "Approved", "Rejected"] as const;
export type VerificationStatus = (typeof VERIFICATION_STATUSES)[number];

/** spec 1 §4 tag colours: gold Pending, green Approved, red Rejected. */
export const STATUS_COLOR = { Pending: "gold", Approved: "green", Rejected: "red" } as const satisfies Record<
  VerificationStatus,
  string
>;

/**
 * spec 1 §4: Pending can change to Approved or Rejected; once Approved, Pending is disabled, so Approved can
 * change only to Rejected. A Rejected one may be approved again (the spec is silent; a rejection is not final).
 * Choosing the current status is no change ('Please Change the Status').
 */
export function allowedNextStatuses(current: VerificationStatus): VerificationStatus[] {
  if (current === "Pending") return ["Approved", "Rejected"];
  if (current === "Approved") return ["Rejected"];
  return ["Approved"];
}
export const canChangeStatus = (from: VerificationStatus, to: VerificationStatus) =>
  allowedNextStatuses(from).includes(to);
