import { Badge } from "@radix-ui/themes";
import { STATUS_COLOR, type VerificationStatus } from "#contract/verification";

/** spec 1 §4: the verification tag of an influencer or a shop: gold Pending, green Approved, red Rejected. */
export function StatusTag({ status, size = "1" }: { status: VerificationStatus; size?: "1" | "2" }) {
  return (
    <Badge color={STATUS_COLOR[status] ?? STATUS_COLOR.Pending} size={size} data-status={status}>
      {status}
    </Badge>
  );
}
