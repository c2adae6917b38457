import { Callout } from "@radix-ui/themes";
import type { Seeding } from "#server-shared/seeding";

/**
 * ADR 0072: while the first start is still adding the demo data (the server already serves), the console says how far
 * it has got. Rendered by the server with each page; gone once the seed is done.
 */
export function SeedingNote({ seeding }: { seeding: Seeding | null }) {
  if (!seeding) return null;
  const n = (x: number) => x.toLocaleString("en-AU");
  return (
    <Callout.Root color="amber" size="1" role="status" mb="3">
      <Callout.Text>
        Demo data is still being added:{" "}
        {seeding.step === "the orders"
          ? `${n(seeding.placed)} of ${n(seeding.total)} orders.`
          : `all ${n(seeding.total)} orders are in; now ${seeding.step}.`}{" "}
        Lists fill in as you reload.
      </Callout.Text>
    </Callout.Root>
  );
}
