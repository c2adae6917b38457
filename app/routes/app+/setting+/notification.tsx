import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { Callout, Flex, Text } from "@radix-ui/themes";
import { useLoaderData, useNavigation } from "@remix-run/react";
import { Form } from "~/components/remix";
import { MSG } from "#contract/core/messages";
import { apiFor } from "~/services/api.server";
import { redirectWithToast } from "~/services/toast.server";
import { GeneralError } from "~/components/layout/GeneralError";
import { notificationsCookieHeader, readNotifications } from "./demo-settings.server";
import { SectionCard } from "~/components/layout/SectionCard";
import { FormActions } from "~/components/form/FormActions";

// spec 1 §2: a route without a menu entry, for every console user
export const handle = { roles: ["admin", "shopOwner", "staff"] as const, title: "Notification" };
export const meta: MetaFunction = () => [{ title: "Notification" }];

const TOPICS = [
  { key: "newOrder", label: "New orders", hint: "When a customer places an order" },
  { key: "orderStatus", label: "Order status changes", hint: "When an order moves to its next status" },
  { key: "streamReminder", label: "Stream reminders", hint: "Before a scheduled live stream starts" },
  { key: "chatMessage", label: "Chat messages", hint: "When someone writes to you directly" },
  { key: "campaignUpdate", label: "Campaign updates", hint: "Invitations, acceptances and payouts" },
] as const;
const TOPIC_KEYS = TOPICS.map((topic) => topic.key);

export async function loader({ request }: LoaderFunctionArgs) {
  const { api } = await apiFor(request, { roles: handle.roles });
  return json({ settings: await readNotifications(request, TOPIC_KEYS) }, { headers: api.headers });
}

// an unchecked checkbox is simply absent from the form
export async function action({ request }: ActionFunctionArgs) {
  const { api } = await apiFor(request, { roles: handle.roles });
  const formData = await request.formData();
  const settings = Object.fromEntries(TOPIC_KEYS.map((key) => [key, formData.get(key) === "on"]));
  api.headers.append("Set-Cookie", await notificationsCookieHeader(settings));
  return redirectWithToast(
    "/app/setting/notification",
    { type: "success", message: MSG.notificationsSaved },
    api.headers,
  );
}

export default function Notification() {
  const { settings } = useLoaderData<typeof loader>();
  const navigation = useNavigation();
  return (
    <Flex direction="column" gap="4">
      <Callout.Root color="gray" size="1">
        <Callout.Text>A demo: these toggles are kept in a cookie in this browser only and send nothing.</Callout.Text>
      </Callout.Root>
      <SectionCard title="Notification">
        <Form method="post">
          <ul className="notification-toggles">
            {TOPICS.map((topic) => (
              <li key={topic.key}>
                <label className="toggle">
                  <span>
                    <Text as="span" weight="medium" size="2" className="toggle-label">
                      {topic.label}
                    </Text>
                    <Text as="span" size="1" color="gray">
                      {topic.hint}
                    </Text>
                  </span>
                  <input
                    type="checkbox"
                    role="switch"
                    name={topic.key}
                    defaultChecked={settings[topic.key]}
                    className="switch"
                  />
                </label>
              </li>
            ))}
          </ul>
          <FormActions size="3" submitLabel="Save" loading={navigation.state === "submitting"} />
        </Form>
      </SectionCard>
    </Flex>
  );
}

export function ErrorBoundary() {
  return <GeneralError />;
}
