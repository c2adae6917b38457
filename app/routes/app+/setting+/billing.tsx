import { parseWithZod } from "@conform-to/zod/v4";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { Badge, Callout, Flex, Text } from "@radix-ui/themes";
import { useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { Form } from "~/components/remix";
import { MSG } from "#contract/core/messages";
import { cardType, demoCardSchema } from "#contract/orders/billing";
import { apiFor } from "~/services/api.server";
import { redirectWithToast } from "~/services/toast.server";
import { useFormKit } from "~/components/form/use-form-kit";
import { getFormProps } from "~/components/form/form-props";
import { Field, FormError } from "~/components/form/Field";
import { GeneralError } from "~/components/layout/GeneralError";
import { MAX_DEMO_CARDS, cardsCookieHeader, newCardId, readCards } from "./demo-settings.server";
import { SectionCard } from "~/components/layout/SectionCard";
import { FormActions } from "~/components/form/FormActions";
import { RemoveForm } from "~/components/form/RemoveForm";

// spec 1 §2: a route without a menu entry, for every console user
export const handle = { roles: ["admin", "shopOwner", "staff"] as const, title: "Billing" };
export const meta: MetaFunction = () => [{ title: "Billing" }];

const HERE = "/app/setting/billing";

export async function loader({ request }: LoaderFunctionArgs) {
  const { api } = await apiFor(request, { roles: handle.roles });
  return json({ cards: await readCards(request) }, { headers: api.headers });
}

export async function action({ request }: ActionFunctionArgs) {
  const { api } = await apiFor(request, { roles: handle.roles });
  const formData = await request.formData();
  const cards = await readCards(request);
  const headers = api.headers;

  if (formData.get("intent") === "remove") {
    const id = String(formData.get("id") ?? "");
    headers.append("Set-Cookie", await cardsCookieHeader(cards.filter((card) => card.id !== id)));
    return redirectWithToast(HERE, { type: "success", message: MSG.cardRemoved }, headers);
  }

  const submission = parseWithZod(formData, { schema: demoCardSchema });
  const hideFields = ["cvv"];
  if (submission.status !== "success") return json(submission.reply({ hideFields }), { status: 400, headers });
  if (cards.length >= MAX_DEMO_CARDS)
    return json(submission.reply({ hideFields, formErrors: [MSG.cardLimit] }), { status: 400, headers });
  const { cardHolderName, cardNumber, exp } = submission.value;
  const card = { id: newCardId(), cardHolderName, last4: cardNumber.slice(-4), exp, type: cardType(cardNumber) };
  headers.append("Set-Cookie", await cardsCookieHeader([...cards, card]));
  return redirectWithToast(HERE, { type: "success", message: MSG.cardAdded }, headers);
}

export default function Billing() {
  const { cards } = useLoaderData<typeof loader>();
  const lastResult = useActionData<typeof action>();
  const navigation = useNavigation();
  // a new form (and empty inputs) whenever the list changes, so no card number stays on screen
  const formId = `demo-card-${cards.map((card) => card.id).join("-") || "none"}`;
  const { form, fields, key } = useFormKit({
    id: formId,
    lastResult,
  });
  const adding = navigation.state !== "idle" && navigation.formData?.get("intent") === "add";
  return (
    <Flex direction="column" gap="4">
      <Callout.Root color="gray" size="1">
        <Callout.Text>
          A demo: cards are kept in a cookie in this browser only, never sent to the API or stored in a database. Only
          the last 4 digits are kept; the CVV is checked and dropped.
        </Callout.Text>
      </Callout.Root>

      <SectionCard title="Cards">
        {cards.length === 0 ? (
          <Text as="p" size="2" color="gray">
            No cards yet.
          </Text>
        ) : (
          <ul className="demo-cards" aria-label="Cards">
            {cards.map((card) => (
              <li key={card.id} className="demo-card" data-testid="demo-card">
                <Flex direction="column" gap="1">
                  <Flex align="center" gap="2">
                    <Badge color={card.type === "Visa" ? "blue" : "orange"}>{card.type}</Badge>
                    <Text weight="medium" className="demo-card-number">
                      •••• •••• •••• {card.last4}
                    </Text>
                  </Flex>
                  <Text size="2" color="gray">
                    {card.cardHolderName} · Expires {card.exp}
                  </Text>
                </Flex>
                <RemoveForm
                  intent="remove"
                  fields={{ id: card.id }}
                  name={`Remove the card ending ${card.last4}`}
                  keepScroll={false}
                />
              </li>
            ))}
          </ul>
        )}
      </SectionCard>

      <SectionCard title="Add a card">
        <Form key={key} method="post" {...getFormProps(form)} className="settings-form">
          <input type="hidden" name="intent" value="add" />
          <Field label="Card Holder Name" field={fields.cardHolderName} inputProps={{ autoComplete: "off" }} />
          <Field
            label="Card Number"
            field={fields.cardNumber}
            inputProps={{ inputMode: "numeric", autoComplete: "off", placeholder: "4111 1111 1111 1111" }}
          />
          <Flex gap="3" wrap="wrap">
            <Field
              label="Expiry (MM/YY)"
              field={fields.exp}
              inputProps={{ autoComplete: "off", placeholder: "MM/YY" }}
            />
            <Field
              label="CVV"
              field={fields.cvv}
              type="password"
              inputProps={{ inputMode: "numeric", autoComplete: "off" }}
            />
          </Flex>
          <FormError id={form.errorId} errors={form.errors} />
          <FormActions size="3" submitLabel="Add Card" loading={adding} />
        </Form>
      </SectionCard>
    </Flex>
  );
}

export function ErrorBoundary() {
  return <GeneralError />;
}
