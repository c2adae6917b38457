import { getInputProps } from "~/components/form/form-props";
import { Card, DataList, Heading, Link as RadixLink, Text, TextField } from "@radix-ui/themes";
import { SHOP_EMAIL_MAX, SHOP_NAME_MAX, SHOP_WEBSITE_MAX } from "#contract/shops/shop-profile";
import { AddressField } from "../AddressField";
import { InlineRow, none, type KitFields } from "./inline";
import type { ShopInfoActionData, ShopInfoShop } from "./types";

const TEXT_LABELS = { name: "Shop name", email: "Shop e-mail", website: "Website" } as const;

/** A text field of the Shop Info card; the server checks its rules and answers with the spec's messages (ADR 0010). */
function textInput(field: keyof typeof TEXT_LABELS, type: "text" | "email" | "url", max: number, hint?: string) {
  return (fields: KitFields) => {
    const meta = fields[field];
    return (
      <>
        <label htmlFor={`shop-${field}`} className="visually-hidden">
          {TEXT_LABELS[field]}
        </label>
        <TextField.Root
          {...getInputProps(meta, { type: "text" })}
          id={`shop-${field}`}
          // the browser's own checks would hide the spec's messages
          inputMode={type === "email" ? "email" : type === "url" ? "url" : undefined}
          data-max={max}
          autoFocus
          placeholder={hint}
        />
      </>
    );
  };
}

/** spec 1 §2 Shop Info: inline-editable name, e-mail, address and website. */
export function ShopInfoCard({
  shop,
  canEdit,
  edit,
  answer,
}: {
  shop: ShopInfoShop;
  canEdit: boolean;
  edit: string | null;
  answer?: ShopInfoActionData;
}) {
  const mine = (field: string) => (answer?.intent === field ? answer : undefined);
  const row = (field: string) => ({
    field,
    canEdit,
    editing: edit === field || !!mine(field),
    record: shop._id,
    lastResult: mine(field)?.result,
  });

  return (
    <Card size="2">
      <Heading as="h2" size="3" mb="3">
        Shop Info
      </Heading>
      <DataList.Root size="2" orientation={{ initial: "vertical", sm: "horizontal" }}>
        <InlineRow
          {...row("name")}
          label="Name"
          defaultValue={{ name: shop.name }}
          view={<Text data-testid="shop-info-name">{shop.name}</Text>}
        >
          {textInput("name", "text", SHOP_NAME_MAX)}
        </InlineRow>
        <InlineRow
          {...row("email")}
          label="Email"
          defaultValue={{ email: shop.email }}
          view={shop.email ? <RadixLink href={`mailto:${shop.email}`}>{shop.email}</RadixLink> : none}
        >
          {textInput("email", "email", SHOP_EMAIL_MAX)}
        </InlineRow>
        <InlineRow
          {...row("address")}
          label="Address"
          fieldShowsErrors
          view={shop.location.address ? <Text>{shop.location.address}</Text> : none}
        >
          {(fields) => (
            <AddressField
              id="shop-address"
              label="Search the address"
              value={shop.location}
              search={mine("address")?.search ?? null}
              searchIntent="address-search"
              errors={fields.address.errors}
              errorId={fields.address.errorId}
              autoFocus
            />
          )}
        </InlineRow>
        <InlineRow
          {...row("website")}
          label="Website"
          defaultValue={{ website: shop.website }}
          view={
            shop.website ? (
              <RadixLink href={shop.website} target="_blank" rel="noopener noreferrer">
                {shop.website}
              </RadixLink>
            ) : (
              none
            )
          }
        >
          {textInput("website", "url", SHOP_WEBSITE_MAX, "https://example.com (leave empty for none)")}
        </InlineRow>
      </DataList.Root>
    </Card>
  );
}
