import { Text } from "@radix-ui/themes";
import type { ReactNode } from "react";

/** A form control's label in the console's style: medium weight, on its own line above the control. */
export function FieldLabel({ htmlFor, children }: { htmlFor: string; children: ReactNode }) {
  return (
    <Text as="label" htmlFor={htmlFor} size="2" weight="medium" mb="1" style={{ display: "block" }}>
      {children}
    </Text>
  );
}
