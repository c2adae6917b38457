import { Flex, Heading } from "@radix-ui/themes";
import type { ReactNode } from "react";

/** A page's title, with its actions (Back, Add…) at the other end of the line. */
export function PageHeader({ title, children }: { title: ReactNode; children?: ReactNode }) {
  return (
    <Flex align="center" justify="between" gap="3" wrap="wrap" mb="4">
      <Heading as="h1" size="6">
        {title}
      </Heading>
      {children}
    </Flex>
  );
}
