import { Badge, Button, Card, Flex, Heading, Text } from "@radix-ui/themes";
import type { LinksFunction } from "@remix-run/node";
import { useLocation, useNavigation } from "@remix-run/react";
import { Form, Link } from "~/components/remix";
import { useState } from "react";
import { UI_MSG } from "#contract/core/messages-ui";
import { ACCESS_TYPE_LABELS, STAFF_MODULES, type Permission, type StaffModule } from "#contract/access/roles";
import { STAFF_DRAWER, STAFF_GENDERS, STAFF_MODULE_NAMES, type StaffFormShape } from "#contract/people/staff";
import type { StaffMember } from "#contract/people/staff-api";
import type { StaffActionData, StaffLoaderData } from "~/services/staff.server";
import { Field, FormError } from "~/components/form/Field";
import { useFormKit } from "~/components/form/use-form-kit";
import { getFormProps } from "~/components/form/form-props";
import { ImageUpload } from "~/components/form/ImageUpload";
import { PhoneField } from "~/components/form/PhoneField";
import { ConfirmDialog } from "~/components/layout/ConfirmDialog";
import { Drawer } from "~/components/layout/Drawer";
import { useHydrated } from "~/lib/hooks";
import { PersonAvatar } from "~/components/table/PersonCell";
import { RowLink } from "~/components/table/RowActions";
import { closeOverlayHref, listHref } from "~/lib/url-state";
import tableCss from "~/styles/table.css?url";
import staffCss from "~/styles/staff.css?url";
import { imageHint } from "#contract/uploads/uploads";
import { textOf } from "~/lib/posted";
import { DismissLink } from "~/components/layout/DismissLink";

/** The styles of the card, its drawers and its confirmation: add to the page's `links`. */
export const staffCardLinks: LinksFunction = () => [
  { rel: "stylesheet", href: tableCss },
  { rel: "stylesheet", href: staffCss },
];

const FORM_ID = "staff-form";
// each module's access types, read as plain strings
const ACCESS_TYPES_OF: Record<StaffModule, readonly string[]> = STAFF_MODULES;
const imageOrNone = (value: string | null | undefined) => (value && value !== "null" ? value : null);

/**
 * spec 1 §2 Staff card: the owner first (role shown as Owner), then the staff, each with View and Delete, plus
 * Add; edit, add and delete controls only for those allowed (the owner's Delete says why an owner stays). Drawers and the delete confirmation live in the URL.
 */
/** `answer`: the page's action data (`useActionData<typeof action>()`) when it is the staff form's refusal. */
export function StaffCard({ staff, answer }: { staff: StaffLoaderData; answer: StaffActionData | undefined }) {
  const location = useLocation();
  const closeHref = closeOverlayHref(location);
  const removing = staff.removing;

  // the drawers and the dialog sit beside the card, not in it: a card clips what is positioned inside it
  return (
    <>
      <Card size="2" data-testid="staff-card">
        <Flex align="center" justify="between" gap="3" mb="3">
          <Heading as="h2" size="3">
            {staff.title}
          </Heading>
          {staff.can.add ? (
            <Button asChild size="2" variant="soft">
              <Link
                to={listHref(location, {
                  drawer: STAFF_DRAWER.add,
                  id: null,
                  confirm: null,
                })}
                preventScrollReset
              >
                Add
              </Link>
            </Button>
          ) : null}
        </Flex>
        <ul className="staff-list">
          {staff.members.map((member) => (
            <li key={member._id} className="staff-row" data-testid="staff-row">
              <PersonAvatar person={{ ...member, image: imageOrNone(member.image) }} size={40} />
              <div className="staff-row-name">
                <Text as="div" size="2" weight="medium">
                  {`${member.fName} ${member.lName}`.trim()}
                </Text>
                <Text as="div" size="1" color="gray">
                  {member.isOwner ? "Owner" : member.designation || "Staff"}
                </Text>
              </div>
              <div className="staff-row-actions">
                <RowLink
                  label="View"
                  name={`View ${member.fName} ${member.lName}`.trim()}
                  color="gray"
                  open={{ drawer: STAFF_DRAWER.member, id: member._id, confirm: null }}
                />
                {staff.can.remove ? (
                  <RowLink
                    label="Delete"
                    name={`Delete ${member.fName} ${member.lName}`.trim()}
                    color="red"
                    open={{ confirm: STAFF_DRAWER.remove, id: member._id, drawer: null }}
                  />
                ) : null}
              </div>
            </li>
          ))}
        </ul>
      </Card>

      {staff.drawer?.kind === "add" ? (
        <Drawer
          open
          title="Add Staff"
          closeHref={closeHref}
          width={500}
          footer={<DrawerButtons closeHref={closeHref} label="Add" intent="staff-add" />}
        >
          <StaffForm key="add" staff={staff} mode="add" answer={answer} />
        </Drawer>
      ) : null}
      {staff.drawer?.kind === "member" ? (
        <Drawer
          open
          title={staff.drawer.editable ? "Edit Staff" : "View Staff"}
          closeHref={closeHref}
          width={400}
          footer={
            staff.drawer.editable ? <DrawerButtons closeHref={closeHref} label="Save" intent="staff-edit" /> : undefined
          }
        >
          <StaffForm
            key={staff.drawer.member._id}
            staff={staff}
            mode={staff.drawer.member.isOwner ? "owner" : "edit"}
            member={staff.drawer.member}
            editable={staff.drawer.editable}
            answer={answer}
          />
        </Drawer>
      ) : null}
      {staff.drawer?.kind === "missing" ? (
        <Drawer open title="Staff" closeHref={closeHref} width={400}>
          <Text as="p" size="2" color="red" role="alert">
            {staff.drawer.message}
          </Text>
        </Drawer>
      ) : null}

      <ConfirmDialog
        open={!!removing}
        title="Delete member"
        description={UI_MSG.deleteMemberConfirm}
        cancelHref={closeHref}
        fields={{
          intent: "staff-remove",
          shopId: staff.shopId,
          userId: removing?._id ?? "",
        }}
        confirmLabel="Delete"
        blocked={removing?.blocked ?? undefined}
      />
    </>
  );
}

function DrawerButtons({ closeHref, label, intent }: { closeHref: string; label: string; intent: string }) {
  const navigation = useNavigation();
  const busy = navigation.state !== "idle" && navigation.formData?.get("intent") === intent;
  return (
    <Flex gap="3" justify="end">
      <DismissLink to={closeHref}>Cancel</DismissLink>
      <Button type="submit" form={FORM_ID} loading={busy}>
        {label}
      </Button>
    </Flex>
  );
}

const asList = (value: unknown): string[] =>
  Array.isArray(value) ? value.map(String) : typeof value === "string" ? [value] : [];

/** spec 1 §5 Staff form and the permission grid of spec 1 §6; one form for add, edit and the owner's entry. */
function StaffForm({
  staff,
  mode,
  member,
  editable = true,
  answer,
}: {
  staff: StaffLoaderData;
  mode: "add" | "edit" | "owner";
  member?: StaffMember;
  editable?: boolean;
  answer: StaffActionData | undefined;
}) {
  const intent = mode === "add" ? "staff-add" : "staff-edit";
  const lastResult = answer?.staffForm.intent === intent ? answer.staffForm.reply : undefined;
  const { form, fields, key } = useFormKit<StaffFormShape>({
    id: FORM_ID,
    record: member?._id,
    lastResult,
    defaultValue: member
      ? {
          fName: `${member.fName} ${member.lName}`.trim(),
          email: member.email,
          designation: member.designation,
          gender: member.gender,
          customizeGender: member.customizeGender,
        }
      : undefined,
  });
  const hydrated = useHydrated();
  const submitted = lastResult?.initialValue ?? undefined;
  const initialImage = imageOrNone(textOf(submitted?.staffImage) ?? member?.image);
  const [preview, setPreview] = useState(initialImage);
  const [gender, setGender] = useState(String(fields.gender.initialValue ?? member?.gender ?? ""));
  const initialGrant = submitted
    ? asList(submitted.perm)
    : member
      ? member.access_module.flatMap((m) => m.module.access_types.map((type) => `${m.module.name}:${type}`))
      : [];
  const readOnly = !editable;
  const name = member ? `${member.fName} ${member.lName}`.trim() : "";

  return (
    <Form
      key={key}
      method="post"
      encType="multipart/form-data"
      preventScrollReset
      {...getFormProps(form)}
      className="staff-form"
      aria-label={mode === "add" ? "Add staff" : `Staff ${name}`}
    >
      <input type="hidden" name="intent" value={intent} />
      <input type="hidden" name="shopId" value={staff.shopId} />
      {member ? <input type="hidden" name="userId" value={member._id} /> : null}
      {mode === "owner" ? <input type="hidden" name="owner" value="1" /> : null}
      <fieldset disabled={readOnly}>
        <div className="staff-picture">
          {preview ? (
            <img src={preview} alt={name ? `${name}'s picture` : "Staff picture"} />
          ) : (
            <span className="staff-picture-empty" aria-hidden="true">
              {name.slice(0, 1).toUpperCase() || "?"}
            </span>
          )}
          {readOnly ? null : (
            <Flex direction="column" gap="1">
              <Text as="span" size="2" weight="medium">
                Profile Image
              </Text>
              <ImageUpload
                id="staff-image"
                name="staffImage"
                purpose="staffImage"
                defaultValue={initialImage}
                label={preview ? "Change Image" : "Upload Image"}
                error={fields.staffImage.errors?.[0]}
                onUploaded={setPreview}
              />
              <Text size="1" color="gray">
                {imageHint("staffImage")}
              </Text>
            </Flex>
          )}
        </div>

        <Field
          label="Full Name"
          field={fields.fName}
          inputProps={{
            autoComplete: "off",
            readOnly,
          }}
        />
        <Field
          label="Email"
          field={fields.email}
          type="email"
          inputProps={{
            autoComplete: "off",
            readOnly,
          }}
        />
        <PhoneField
          id="staff-mobile"
          label={mode === "add" ? "Phone Number" : "Mobile Number"}
          countryFlag={String(fields.countryFlag.initialValue ?? member?.countryFlag ?? "") || undefined}
          mobile={String(fields.mobile.initialValue ?? member?.mobile ?? "")}
          errors={fields.mobile.errors}
          disabled={mode === "owner"}
        />
        {mode === "owner" ? (
          <Field
            label="Role"
            inputProps={{
              id: "staff-role",
              name: "designation-shown",
              value: "Owner",
              readOnly: true,
              disabled: true,
            }}
          />
        ) : (
          <Field
            label="Role"
            field={fields.designation}
            inputProps={{
              placeholder: "e.g. Sales assistant",
              readOnly,
            }}
          />
        )}

        <fieldset className="staff-genders">
          <legend>Gender</legend>
          {STAFF_GENDERS.map((g) => (
            <label key={g}>
              <input
                type="radio"
                name={fields.gender.name}
                value={g}
                checked={gender === g || (g === "Other" && gender === "Others")}
                onChange={() => setGender(g)}
              />
              {g}
            </label>
          ))}
        </fieldset>
        {/* without JavaScript the custom gender is always there; with it, only when Other is chosen */}
        {!hydrated || gender === "Other" || gender === "Others" ? (
          <Field
            label="Custom Gender"
            hint={hydrated ? undefined : "Only when Other is chosen"}
            field={fields.customizeGender}
            inputProps={{
              readOnly,
            }}
          />
        ) : null}

        <PermissionGrid
          key={initialGrant.join(",")}
          initial={initialGrant}
          grantable={mode === "owner" || readOnly ? [] : staff.grantable}
          allChecked={mode === "owner"}
        />
      </fieldset>
      <FormError id={form.errorId} errors={form.errors} />
    </Form>
  );
}

/**
 * The nine modules × their access types as native checkboxes named `perm` (they submit without JavaScript).
 * A module shows on when at least one type is ticked (spec 1 §4); with JavaScript its switch ticks or clears all
 * the types this user may grant. Types the user may not grant are shown but disabled, and the API keeps them as they were.
 */
function PermissionGrid({
  initial,
  grantable,
  allChecked,
}: {
  initial: string[];
  grantable: Permission[];
  allChecked: boolean;
}) {
  const hydrated = useHydrated();
  const [chosen, setChosen] = useState(() => new Set(initial));
  const canGrant = new Set<string>(grantable);
  const toggle = (permission: string, on: boolean) =>
    setChosen((current) => {
      const next = new Set(current);
      if (on) next.add(permission);
      else next.delete(permission);
      return next;
    });
  return (
    <fieldset className="permission-grid" data-testid="permission-grid">
      <legend>Access</legend>
      {allChecked ? (
        <Text as="p" size="1" color="gray">
          The owner holds every access type.
        </Text>
      ) : null}
      {STAFF_MODULE_NAMES.map((module) => {
        const types = ACCESS_TYPES_OF[module].map((type) => `${module}:${type}`);
        const on = allChecked || types.some((p) => chosen.has(p));
        const switchable = types.filter((p) => canGrant.has(p));
        return (
          <div key={module} className="permission-module" role="group" aria-label={`${module} module`}>
            <div className="permission-module-head">
              <span>{module}</span>
              <label className="module-switch">
                <input
                  type="checkbox"
                  role="switch"
                  aria-label={`${module} module on`}
                  checked={on}
                  disabled={!hydrated || switchable.length === 0}
                  onChange={(event) => {
                    const value = event.currentTarget.checked;
                    setChosen((current) => {
                      const next = new Set(current);
                      for (const p of switchable) {
                        if (value) next.add(p);
                        else next.delete(p);
                      }
                      return next;
                    });
                  }}
                />
                <Badge size="1" variant="soft" color={on ? "green" : "gray"} data-testid={`module-status-${module}`}>
                  {on ? "on" : "off"}
                </Badge>
              </label>
            </div>
            <div className="permission-types">
              {types.map((permission) => {
                const type = permission.slice(module.length + 1);
                return (
                  <label key={permission}>
                    <input
                      type="checkbox"
                      name="perm"
                      value={permission}
                      checked={allChecked || chosen.has(permission)}
                      disabled={!canGrant.has(permission)}
                      onChange={(event) => toggle(permission, event.currentTarget.checked)}
                    />
                    <span>{ACCESS_TYPE_LABELS[type] ?? type}</span>
                  </label>
                );
              })}
            </div>
          </div>
        );
      })}
    </fieldset>
  );
}
