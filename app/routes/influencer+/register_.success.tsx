import type { LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { Box, Button, Heading, Text } from "@radix-ui/themes";
import { useLoaderData } from "@remix-run/react";
import { UI_MSG } from "#contract/core/messages-ui";
import { GeneralError } from "~/components/layout/GeneralError";
import registrationCss from "~/styles/registration.css?url";
import { config } from "~/services/config.server";

// spec 1 §2: the registration's success page, public
export const meta: MetaFunction = () => [{ title: "Registration complete" }];
export const links: LinksFunction = () => [{ rel: "stylesheet", href: registrationCss }];

export async function loader(_: LoaderFunctionArgs) {
  return json({ brand: config().BRAND_NAME });
}

export default function RegistrationSuccess() {
  const { brand } = useLoaderData<typeof loader>();
  return (
    <main className="register register-single">
      <section className="register-main">
        <Box className="register-card">
          <div className="register-done">
            <img src="/register/success.svg" alt="Registration confirmed" width={160} height={160} />
            <Heading as="h1" size="6">
              {UI_MSG.registrationComplete}
            </Heading>
            <Text as="p" color="gray" size="3">
              {brand} will review your profile. You will hear from us once it is approved.
            </Text>
            <Button asChild size="3">
              <a href="/influencer/register">Back to Home</a>
            </Button>
          </div>
        </Box>
      </section>
    </main>
  );
}

export function ErrorBoundary() {
  return <GeneralError />;
}
