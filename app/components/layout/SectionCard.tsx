import { Card, Heading } from "@radix-ui/themes";
import type { ComponentProps, ReactNode } from "react";

/** A section of a form or settings page: a card under its heading (h2). */
export function SectionCard({
  title,
  children,
  ...card
}: { title: ReactNode; children: ReactNode } & Omit<ComponentProps<typeof Card>, "title" | "size">) {
  return (
    <Card size="3" {...card}>
      <Heading as="h2" size="4" mb="3">
        {title}
      </Heading>
      {children}
    </Card>
  );
}
