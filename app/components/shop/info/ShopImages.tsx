import type { SubmissionResult } from "@conform-to/react";
import { Button, Card, Flex } from "@radix-ui/themes";
import { useLocation, useNavigation, useSearchParams, useSubmit } from "@remix-run/react";
import { Form, Link } from "~/components/remix";
import { UI_MSG } from "#contract/core/messages-ui";
import { SHOP_IMAGE_PURPOSE } from "#contract/shops/shop-profile";
import { closeOverlayHref, listHref } from "~/lib/url-state";
import { useFormKit } from "~/components/form/use-form-kit";
import { getFormProps } from "~/components/form/form-props";
import { ImageUpload } from "~/components/form/ImageUpload";
import { ConfirmDialog } from "~/components/layout/ConfirmDialog";
import { messages, busyWith } from "./inline";
import type { ShopInfoActionData, ShopInfoShop } from "./types";

const initials = (name: string) =>
  name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((w) => w[0]!.toUpperCase())
    .join("") || "?";

/** spec 1 §2, §4 Shop images: cover and avatar, each with upload and remove (after confirmation) on hover. */
export function ShopImages({
  shop,
  canEdit,
  answer,
}: {
  shop: ShopInfoShop;
  canEdit: boolean;
  answer?: ShopInfoActionData;
}) {
  const location = useLocation();
  const [params] = useSearchParams();
  const confirm = params.get("confirm");
  const cancelHref = closeOverlayHref(location);

  return (
    <Card size="1" className="shop-hero">
      <div className="shop-cover" data-empty={shop.coverImage ? undefined : true} data-testid="shop-cover">
        {shop.coverImage ? <img src={shop.coverImage} alt={`Cover of ${shop.name}`} /> : null}
        {canEdit ? (
          <ImageActions
            record={shop._id}
            field="coverImage"
            label="cover"
            hasImage={!!shop.coverImage}
            lastResult={answer?.intent === "coverImage" ? answer.result : undefined}
          />
        ) : null}
      </div>
      <Flex className="shop-identity" gap="4" align="end" wrap="wrap">
        <div className="shop-avatar-block" data-testid="shop-avatar">
          {/* server-rendered initials behind the picture: they show without JavaScript and when the picture fails */}
          <span className="shop-avatar" aria-hidden={shop.image ? undefined : true}>
            {initials(shop.name)}
            {shop.image ? <img src={shop.image} alt={`Avatar of ${shop.name}`} /> : null}
          </span>
          {canEdit ? (
            <ImageActions
              record={shop._id}
              field="image"
              label="avatar"
              hasImage={!!shop.image}
              lastResult={answer?.intent === "image" ? answer.result : undefined}
            />
          ) : null}
        </div>
      </Flex>
      {canEdit ? (
        <>
          <ConfirmDialog
            open={confirm === "remove-image" && !!shop.image}
            title="Remove avatar"
            description={UI_MSG.removeAvatarConfirm}
            cancelHref={cancelHref}
            fields={{ intent: "remove-image" }}
            confirmLabel="Remove"
          />
          <ConfirmDialog
            open={confirm === "remove-cover" && !!shop.coverImage}
            title="Remove cover"
            description={UI_MSG.removeCoverConfirm}
            cancelHref={cancelHref}
            fields={{ intent: "remove-cover" }}
            confirmLabel="Remove"
          />
        </>
      ) : null}
    </Card>
  );
}

function ImageActions({
  record,
  field,
  label,
  hasImage,
  lastResult,
}: {
  record: string;
  field: "image" | "coverImage";
  label: "avatar" | "cover";
  hasImage: boolean;
  lastResult?: SubmissionResult<string[]>;
}) {
  const location = useLocation();
  const submit = useSubmit();
  const navigation = useNavigation();
  const { form, fields, key } = useFormKit({ id: `shop-${field}-form`, record, lastResult });
  const error = messages(fields[field].errors, form.errors)?.[0];
  const removeIntent = field === "image" ? "remove-image" : "remove-cover";
  const saving = busyWith(navigation, field);
  return (
    <div className={`shop-image-actions shop-image-actions-${label}`} data-error={error ? true : undefined}>
      <Form key={key} method="post" encType="multipart/form-data" preventScrollReset {...getFormProps(form)}>
        <input type="hidden" name="intent" value={field} />
        <ImageUpload
          id={`shop-${label}-file`}
          name={field}
          purpose={SHOP_IMAGE_PURPOSE}
          label={saving ? "Saving…" : hasImage ? `Change ${label}` : `Upload ${label}`}
          submitLabel={`Upload ${label}`}
          error={error}
          onUploaded={(image) =>
            submit({ intent: field, [field]: image }, { method: "post", preventScrollReset: true })
          }
        />
      </Form>
      {hasImage ? (
        <Button asChild color="red" variant="soft" size="2">
          <Link to={listHref(location, { confirm: removeIntent })} preventScrollReset>
            {`Remove ${label}`}
          </Link>
        </Button>
      ) : null}
    </div>
  );
}
