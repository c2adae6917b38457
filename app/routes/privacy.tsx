import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { Heading, Text } from "@radix-ui/themes";
import { useLoaderData } from "@remix-run/react";
import { GeneralError } from "~/components/layout/GeneralError";
import { LegalPage } from "~/components/layout/LegalPage";
import { config } from "~/services/config.server";

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: `Privacy Policy | ${data?.brand ?? ""}` }];
// the page's meta description (root renders it: app/lib/meta.ts)
export const handle = {
  description: "How the marketplace back office collects, uses and protects personal information.",
};

// spec 1 §2: the console footer links here; public, no sign-in needed
export const loader = (_: LoaderFunctionArgs) => json({ brand: config().BRAND_NAME, updated: "21/11/2026" });

export default function Privacy() {
  const { brand, updated } = useLoaderData<typeof loader>();
  return (
    <LegalPage brand={brand} title="Privacy Policy" updated={updated}>
      <Text as="p">
        This policy explains what the {brand} back office does with personal information about the administrators, shop
        owners, staff, influencers and customers whose details pass through it. We handle it under the Australian
        Privacy Principles.
      </Text>
      <Heading as="h2" size="4">
        What we keep
      </Heading>
      <Text as="p">
        Names, e-mail addresses, phone numbers, gender, profile pictures and shop details; for influencers also date of
        birth, location, social media ids and portfolio images; for customers their orders and delivery addresses. For
        security we keep sign-in sessions with the browser and address they came from, and short-lived one-time codes,
        stored only as hashes.
      </Text>
      <Heading as="h2" size="4">
        Why we use it
      </Heading>
      <Text as="p">
        To run the marketplace: to let you sign in, show shops and streams to buyers, process and deliver orders, pay
        shops and influencers, answer chat messages and prevent fraud. We do not sell personal information, and we share
        it only with the services that carry out this work for us (hosting, file storage, text messages and, when you
        choose them, Google or Facebook sign-in).
      </Text>
      <Heading as="h2" size="4">
        Cookies
      </Heading>
      <Text as="p">
        The console sets a session cookie to keep you signed in and a preferences cookie that remembers your theme,
        navigation and language. It uses no advertising or tracking cookies.
      </Text>
      <Heading as="h2" size="4">
        Your choices
      </Heading>
      <Text as="p">
        You can see and correct your profile in the console at any time. To get a copy of the information we hold about
        you, or to have your account deleted, contact the platform administrators of {brand}. Deleted accounts are
        removed from every list; orders and payouts that the law requires us to keep still refer to them.
      </Text>
    </LegalPage>
  );
}

export function ErrorBoundary() {
  return <GeneralError />;
}
