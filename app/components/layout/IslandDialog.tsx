import { Heading } from "@radix-ui/themes";
import { Suspense, useId, type ReactNode } from "react";
import { Text } from "~/components/plain";
import { Overlay } from "./Overlay";

/**
 * A dialog whose body is a lazy island (its script loads when the dialog opens, so the page ships without it): the
 * title, then 'Loading…' until the island's script arrives. The server renders the body whole, so before then it is a
 * plain form that posts.
 */
export function IslandDialog({
  title,
  large,
  closeHref,
  className,
  testId,
  children,
}: {
  title: string;
  /** a larger title (a dialog holding a whole page's form) */
  large?: boolean;
  closeHref: string;
  className: string;
  testId: string;
  children: ReactNode;
}) {
  const titleId = useId();
  return (
    <Overlay layer="dialog" closeHref={closeHref} labelledBy={titleId} className={className} testId={testId}>
      <Heading as="h2" size={large ? "5" : "4"} id={titleId} mb={large ? "4" : "3"}>
        {title}
      </Heading>
      <Suspense
        fallback={
          <Text as="p" size="2" color="gray">
            Loading…
          </Text>
        }
      >
        {children}
      </Suspense>
    </Overlay>
  );
}
