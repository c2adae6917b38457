import type { MetaFunction } from "@remix-run/node";
import { Badge, Card, Flex, Grid, Heading, Text } from "@radix-ui/themes";
import { staticPageLoader } from "~/services/static-pages.server";
import { GeneralError } from "~/components/layout/GeneralError";
import { DemoNote } from "~/components/layout/DemoNote";

// spec 1 §2, spec 2 §2: a pricing-plan sample page for admins, static placeholder content with no product behaviour
export const handle = { roles: ["admin"] as const, title: "Pricing" };
export const meta: MetaFunction = () => [
  { title: "Pricing" },
  { name: "description", content: "Sample pricing plans (placeholder content)." },
];

export const loader = staticPageLoader;

const PLANS = [
  { name: "Starter", price: "0", features: ["1 live stream a week", "Up to 50 products", "Email support"] },
  {
    name: "Growth",
    price: "49",
    features: ["Unlimited live streams", "Up to 1,000 products", "Campaigns with influencers"],
    featured: true,
  },
  {
    name: "Enterprise",
    price: "199",
    features: ["Everything in Growth", "Dedicated account manager", "Custom commission terms"],
  },
];

export default function Pricing() {
  return (
    <Flex direction="column" gap="4">
      <Heading as="h1" size="6">
        Pricing plans
      </Heading>
      <DemoNote what="pricing" />
      <Grid columns={{ initial: "1", md: "3" }} gap="4">
        {PLANS.map((plan) => (
          <Card key={plan.name} size="3" data-testid="pricing-plan">
            <Flex direction="column" gap="3">
              <Flex justify="between" align="center">
                <Heading as="h2" size="5">
                  {plan.name}
                </Heading>
                {plan.featured ? <Badge color="green">Popular</Badge> : null}
              </Flex>
              <Text size="7" weight="bold">
                ${plan.price}
                <Text size="2" color="gray">
                  {" "}
                  / month (sample)
                </Text>
              </Text>
              <ul style={{ margin: 0, paddingInlineStart: 20, display: "grid", gap: 6 }}>
                {plan.features.map((feature) => (
                  <li key={feature}>
                    <Text size="2">{feature}</Text>
                  </li>
                ))}
              </ul>
            </Flex>
          </Card>
        ))}
      </Grid>
    </Flex>
  );
}

export function ErrorBoundary() {
  return <GeneralError />;
}
