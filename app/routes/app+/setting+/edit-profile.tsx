import { reachesEveryShop } from "#contract/access/rights";
import type { SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import type { ActionFunctionArgs, LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json, redirect } from "@remix-run/node";
import { Button, Flex, Text } from "@radix-ui/themes";
import { useActionData, useLoaderData, useNavigation, useSearchParams } from "@remix-run/react";
import { Form, Link } from "~/components/remix";
import { GENDERS } from "#contract/access/roles";
import { editProfileFormSchema } from "#contract/people/profile";
import { joinName } from "#contract/people/users";
import { replyWithApiRefusal } from "~/services/forms.server";
import { apiFor } from "~/services/api.server";
import { redirectWithToast } from "~/services/toast.server";
import { readFormWithFiles } from "~/services/upload.server";
import { useFormKit } from "~/components/form/use-form-kit";
import { getFormProps } from "~/components/form/form-props";
import { ErrorList, Field, FormError } from "~/components/form/Field";
import { PhoneField } from "~/components/form/PhoneField";
import { ConfirmDialog } from "~/components/layout/ConfirmDialog";
import { GeneralError } from "~/components/layout/GeneralError";
import tableCss from "~/styles/table.css?url";
import { imageHint } from "#contract/uploads/uploads";
import { RadioChoices } from "~/components/form/RadioChoices";
import { SectionCard } from "~/components/layout/SectionCard";
import { FormActions } from "~/components/form/FormActions";
import { PictureSaveForm } from "~/components/form/PictureSaveForm";

export const handle = { roles: ["admin", "shopOwner", "staff"] as const, title: "Edit Profile" };
export const meta: MetaFunction = () => [{ title: "Edit Profile" }];
// the confirmation dialog's styles
export const links: LinksFunction = () => [{ rel: "stylesheet", href: tableCss }];

const HERE = "/app/setting/edit-profile";
const REMOVE_AVATAR = "remove-avatar";

export async function loader({ request }: LoaderFunctionArgs) {
  const { user, api } = await apiFor(request, { roles: handle.roles });
  const profile = {
    fullName: joinName(user),
    image: user.image,
    countryFlag: user.countryFlag,
    mobile: user.mobile,
    gender: user.gender,
  };
  // spec 1 §5: the phone is disabled when a shop id is stored, i.e. for shop owners and staff
  return json({ profile, phoneLocked: !reachesEveryShop(user) }, { headers: api.headers });
}

type ActionData = { intent: "profile"; result: SubmissionResult<string[]> } | { intent: "image"; error: string };

export async function action({ request }: ActionFunctionArgs) {
  const { api } = await apiFor(request, { roles: handle.roles });
  // the avatar form posts its file here when the page has no JavaScript
  const { formData, fileErrors, uploaded } = await readFormWithFiles(request, api, { image: "profileImage" });
  const intent = formData.get("intent");

  if (intent === "image" || intent === "remove-image") {
    if (fileErrors.image)
      return json<ActionData>({ intent: "image", error: fileErrors.image }, { status: 400, headers: api.headers });
    const image = intent === "remove-image" ? "null" : String(uploaded.image ?? formData.get("image") ?? "");
    if (!image) return redirect(HERE, { headers: api.headers });
    const result = await api.post("user/edit-profile", { image });
    if (!result.success)
      return json<ActionData>(
        { intent: "image", error: result.message },
        { status: result.httpStatus, headers: api.headers },
      );
    return redirectWithToast(HERE, { type: "success", message: result.message }, api.headers);
  }

  const submission = parseWithZod(formData, { schema: editProfileFormSchema });
  if (submission.status !== "success")
    return json<ActionData>({ intent: "profile", result: submission.reply() }, { status: 400, headers: api.headers });
  const result = await api.post("user/edit-profile", submission.value);
  if (!result.success) {
    return json<ActionData>(
      { intent: "profile", result: replyWithApiRefusal(submission, result, Object.keys(submission.value)) },
      { status: result.httpStatus, headers: api.headers },
    );
  }
  return redirectWithToast(HERE, { type: "success", message: result.message }, api.headers);
}

/** The avatar as a plain image, so it shows before (and without) any script; the initial when there is none. */
function ProfilePicture({ image, name }: { image: string | null; name: string }) {
  return image ? (
    <img src={image} alt={`${name}'s avatar`} className="profile-picture" data-testid="profile-picture" />
  ) : (
    <span className="profile-picture profile-picture-empty" aria-label="No avatar" role="img">
      {name.slice(0, 1).toUpperCase() || "?"}
    </span>
  );
}

export default function EditProfile() {
  const { profile, phoneLocked } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const navigation = useNavigation();
  const [params] = useSearchParams();
  const { form, fields, key } = useFormKit({
    id: "profile",
    lastResult: actionData?.intent === "profile" ? actionData.result : undefined,
  });
  // a refused save shows what was posted (also without JavaScript); otherwise the stored profile
  const shown = (name: "fName" | "countryFlag" | "mobile" | "gender", stored: string | null) =>
    String(fields[name].initialValue ?? stored ?? "");
  const busy = (intent: string) => navigation.state !== "idle" && navigation.formData?.get("intent") === intent;

  return (
    <Flex direction="column" gap="4">
      <SectionCard title="Profile picture">
        <Flex align="center" gap="4" wrap="wrap">
          <ProfilePicture image={profile.image} name={profile.fullName} />
          <Flex direction="column" gap="2" className="profile-picture-actions">
            <PictureSaveForm
              id="avatar-file"
              purpose="profileImage"
              value={profile.image}
              label="Change Image"
              error={actionData?.intent === "image" ? actionData.error : null}
            />
            {profile.image ? (
              <Button asChild variant="soft" color="red" loading={busy("remove-image")}>
                <Link to={`?confirm=${REMOVE_AVATAR}`} preventScrollReset>
                  Remove
                </Link>
              </Button>
            ) : null}
            <Text size="1" color="gray">
              {imageHint("profileImage")}
            </Text>
          </Flex>
        </Flex>
      </SectionCard>

      <SectionCard title="Edit Profile">
        <Form key={key} method="post" {...getFormProps(form)} className="settings-form">
          <input type="hidden" name="intent" value="profile" />
          <Field
            label="Full Name"
            field={fields.fName}
            inputProps={{ defaultValue: shown("fName", profile.fullName), autoComplete: "name" }}
          />
          <PhoneField
            id="mobile"
            label="Phone Number"
            countryFlag={shown("countryFlag", profile.countryFlag) || null}
            mobile={shown("mobile", profile.mobile)}
            errors={fields.mobile.errors}
            disabled={phoneLocked}
          />
          {phoneLocked ? (
            <Text as="p" size="1" color="gray" className="settings-hint">
              The phone number of a shop account is used to sign in and cannot be changed here.
            </Text>
          ) : null}
          <RadioChoices
            legend="Gender"
            field={fields.gender}
            choices={GENDERS}
            checked={shown("gender", profile.gender)}
          />
          <ErrorList id={fields.gender.errorId} errors={fields.gender.errors} />
          <FormError id={form.errorId} errors={form.errors} />
          <FormActions size="3" submitLabel="Save Changes" loading={busy("profile")} />
        </Form>
      </SectionCard>

      <ConfirmDialog
        open={params.get("confirm") === REMOVE_AVATAR}
        title="Remove avatar"
        description="Are you sure you want to remove the avatar?"
        cancelHref={HERE}
        fields={{ intent: "remove-image" }}
        confirmLabel="Remove"
      />
    </Flex>
  );
}

export function ErrorBoundary() {
  return <GeneralError />;
}
