import type { LoaderFunctionArgs } from "@remix-run/node";
import { json, redirect } from "@remix-run/node";
import { Card, Flex, Heading } from "@radix-ui/themes";
import { Outlet, useLoaderData } from "@remix-run/react";
import { homeFor, optionalUser } from "~/services/api.server";
import { config } from "~/services/config.server";
import { GeneralError } from "~/components/layout/GeneralError";

// spec 1 §2: a signed-in user visiting any auth page (the error pages too) is sent on
export async function loader({ request }: LoaderFunctionArgs) {
  const { user, api } = await optionalUser(request);
  if (user) throw redirect(homeFor(user), { headers: api.headers });
  return json({ brand: config().BRAND_NAME }, { headers: api.headers });
}

export default function AuthLayout() {
  const { brand } = useLoaderData<typeof loader>();
  return (
    <Flex asChild align="center" justify="center" style={{ minHeight: "100vh", background: "var(--gray-2)" }} p="4">
      {/* the sign-in pages' main landmark (the console's is in the shell) */}
      <main>
        <Card size="4" style={{ width: "100%", maxWidth: 440 }}>
          <Heading as="h1" size="6" mb="4" align="center">
            {brand}
          </Heading>
          <Outlet />
        </Card>
      </main>
    </Flex>
  );
}

export function ErrorBoundary() {
  return <GeneralError />;
}
