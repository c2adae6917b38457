import type { MetaFunction } from "@remix-run/node";
import { Card, Flex, Heading, Text } from "@radix-ui/themes";
import { staticPageLoader } from "~/services/static-pages.server";
import { GeneralError } from "~/components/layout/GeneralError";
import { DemoNote } from "~/components/layout/DemoNote";

// spec 1 §2: a static help page for admins, no behaviour; the answers open without JavaScript (details/summary)
export const handle = { roles: ["admin"] as const, title: "FAQ" };
export const meta: MetaFunction = () => [
  { title: "FAQ" },
  { name: "description", content: "Frequently asked questions about the back office." },
];

export const loader = staticPageLoader;

const QUESTIONS = [
  {
    q: "How does a new shop go live?",
    a: "An admin adds the shop with its owner from Shops › Add Shop. The shop starts as Pending; approving it from the shop list opens it to buyers and lets its owner and staff sign in.",
  },
  {
    q: "How is an influencer verified?",
    a: "Influencers register on the public page and confirm their phone with a 6-digit code. Their registration then waits as Pending in the influencer list until an admin approves or rejects it.",
  },
  {
    q: "Where is the platform's commission set?",
    a: "Each leaf category carries a commission. A shop can be given its own rate for a category on the shop's Commission tab; only admins add, edit or delete those rates.",
  },
  {
    q: "Why can a category not be deleted?",
    a: "A category that is used by products or shops, or that still has sub-categories, stays: remove what uses it first.",
  },
  {
    q: "Who can change a staff member's phone or e-mail?",
    a: "Only the shop's owner or an admin. Changing it ends that member's sessions, so they sign in again with the new details.",
  },
];

export default function Faq() {
  return (
    <Flex direction="column" gap="4">
      <Heading as="h1" size="6">
        Frequently asked questions
      </Heading>
      <DemoNote what="help" />
      <Card size="3">
        {QUESTIONS.map(({ q, a }) => (
          <details
            key={q}
            data-testid="faq-item"
            style={{ padding: "12px 0", borderBottom: "1px solid var(--gray-a5)" }}
          >
            <summary style={{ cursor: "pointer" }}>
              <Text weight="medium">{q}</Text>
            </summary>
            <Text as="p" size="2" color="gray" mt="2">
              {a}
            </Text>
          </details>
        ))}
      </Card>
    </Flex>
  );
}

export function ErrorBoundary() {
  return <GeneralError />;
}
