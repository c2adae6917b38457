import type { ActionFunctionArgs, LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { Box, Card, Link as RadixLink, Text } from "@radix-ui/themes";
import { useActionData } from "@remix-run/react";
import { Link } from "~/components/remix";
import { Suspense, lazy } from "react";
import { CUSTOMER_ADD_ACCESS } from "~/lib/customers";
import { addCustomerStep, customerAddDoor } from "~/services/customer-add.server";
import { savedThenReturnHeaders } from "~/services/toast.server";
import { GeneralError } from "~/components/layout/GeneralError";
import otpCss from "~/styles/otp.css?url";
import customersCss from "~/styles/customers.css?url";
import { PageHeader } from "~/components/layout/PageHeader";

// spec 2 §2, §4 Customer add flow (ADR 0034): the flow on its own page, where 'Add New Customer' leads
// without JavaScript (with it, the same flow opens in a modal over /app/customers). Staff need customer add.
export const handle = { ...CUSTOMER_ADD_ACCESS, title: "Add New Customer" };
export const meta: MetaFunction = () => [{ title: "Add New Customer" }];
export const links: LinksFunction = () => [
  { rel: "stylesheet", href: otpCss },
  { rel: "stylesheet", href: customersCss },
];
export const headers = savedThenReturnHeaders;

const LIST = "/app/customers";

/** The flow's scripts come as a lazy island (the server renders it whole, so the page works before they load). */
const AddCustomerFlow = lazy(() => import("~/components/customer/AddCustomerFlow"));

export async function loader({ request }: LoaderFunctionArgs) {
  const { api } = await customerAddDoor(request);
  return json(null, { headers: api.headers });
}

export const action = ({ request }: ActionFunctionArgs) => addCustomerStep(request, LIST);

export default function AddCustomer() {
  const step = useActionData<typeof action>();
  return (
    <Box>
      <PageHeader title="Add New Customer">
        <RadixLink asChild size="2">
          <Link to={LIST}>Back to customers</Link>
        </RadixLink>
      </PageHeader>
      <Card size="3" className="customer-flow-card">
        <Suspense
          fallback={
            <Text as="p" size="2" color="gray">
              Loading…
            </Text>
          }
        >
          <AddCustomerFlow step={step} action="/app/add-customer" restartHref="/app/add-customer" closeHref={LIST} />
        </Suspense>
      </Card>
    </Box>
  );
}

export function ErrorBoundary() {
  return <GeneralError />;
}
