import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { Heading, Text } from "@radix-ui/themes";
import { useLoaderData } from "@remix-run/react";
import { GeneralError } from "~/components/layout/GeneralError";
import { LegalPage } from "~/components/layout/LegalPage";
import { config } from "~/services/config.server";

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: `Terms & Conditions | ${data?.brand ?? ""}` }];
// the page's meta description (root renders it: app/lib/meta.ts)
export const handle = { description: "The terms and conditions for using the marketplace back office." };

// spec 1 §2: the console footer links here; public, no sign-in needed
export const loader = (_: LoaderFunctionArgs) => json({ brand: config().BRAND_NAME, updated: "21/11/2026" });

export default function Terms() {
  const { brand, updated } = useLoaderData<typeof loader>();
  return (
    <LegalPage brand={brand} title="Terms & Conditions" updated={updated}>
      <Text as="p">
        These terms govern the use of the {brand} back office: the web console in which platform administrators run the
        marketplace and shop owners and their staff manage their shops, live streams, products, orders, coupons and
        customers. By signing in you accept them on behalf of yourself and the business you act for.
      </Text>
      <Heading as="h2" size="4">
        1. Accounts and access
      </Heading>
      <Text as="p">
        Accounts are personal. Keep your password and the one-time codes sent to your phone to yourself, and tell us at
        once if you think someone else has used your account. Shop owners decide which modules each staff member may use
        and are responsible for what their staff do in the console. We may suspend an account that puts buyers, shops or
        the platform at risk.
      </Text>
      <Heading as="h2" size="4">
        2. Shops and listings
      </Heading>
      <Text as="p">
        A shop goes live once the platform has approved it. You must only sell goods you are allowed to sell in
        Australia, describe them truthfully, honour the prices, coupons and stock you publish, and ship the orders you
        accept. Live streams and campaign content must follow the law and the platform&apos;s community rules; we may
        remove content or end a stream that does not.
      </Text>
      <Heading as="h2" size="4">
        3. Fees, commission and payouts
      </Heading>
      <Text as="p">
        The platform keeps the category commission shown for your shop on each sale; the rest of the sale, less refunds,
        is paid out to you. Influencer payouts follow the terms of each campaign. All amounts are in Australian dollars.
      </Text>
      <Heading as="h2" size="4">
        4. Your content and our service
      </Heading>
      <Text as="p">
        You keep the rights to the images, videos and text you upload and allow us to show them on the marketplace and
        in its apps while your shop is active. We work to keep the service available and your data safe, but we do not
        promise it will be free of interruptions. Our liability is limited to the extent the Australian Consumer Law
        allows.
      </Text>
      <Heading as="h2" size="4">
        5. Changes and contact
      </Heading>
      <Text as="p">
        We will announce changes to these terms in the console before they take effect. Questions about these terms go
        to the platform administrators of {brand}.
      </Text>
    </LegalPage>
  );
}

export function ErrorBoundary() {
  return <GeneralError />;
}
