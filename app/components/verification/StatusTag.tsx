import { STATUS_COLOR, type VerificationStatus } from "#contract/phone/verification";

/**
 * spec 1 §4: the verification tag of an influencer or a shop: gold Pending, green Approved, red Rejected. Shown on every
 * row of two lists, so a plain span with the classes of Radix's soft Badge (the same DOM and styles, without its prop work).
 */
export function StatusTag({ status, size = "1" }: { status: VerificationStatus; size?: "1" | "2" }) {
  return (
    <span
      data-accent-color={STATUS_COLOR[status] ?? STATUS_COLOR.Pending}
      className={`rt-reset rt-Badge rt-r-size-${size} rt-variant-soft`}
      data-status={status}
    >
      {status}
    </span>
  );
}
