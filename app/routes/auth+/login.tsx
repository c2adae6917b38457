import { getFormProps, getInputProps, useForm } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json, redirect } from "@remix-run/node";
import { Button, Flex, Link, Separator, Text } from "@radix-ui/themes";
import { Form, useActionData, useLoaderData, useNavigation, useSearchParams } from "@remix-run/react";
import { loginSchema } from "#contract/auth";
import { MSG } from "#contract/messages";
import type { LoggedUser } from "#api/modules/auth/service";
import { ApiClient, homeFor } from "~/services/api.server";
import { isCrossSiteWrite } from "#api/platform/security";
import { Field, FormError } from "~/components/form/Field";
import { safeRedirect } from "~/lib/redirect";

export const meta: MetaFunction = () => [{ title: "Sign in" }];

export async function loader(_: LoaderFunctionArgs) {
  return json({ sso: { google: !!process.env.GOOGLE_CLIENT_ID, facebook: !!process.env.FACEBOOK_CLIENT_ID } });
}

export async function action({ request }: ActionFunctionArgs) {
  if (isCrossSiteWrite(request, process.env.PUBLIC_URL)) throw json({ message: MSG.crossSite }, { status: 403 });
  const formData = await request.formData();
  const submission = parseWithZod(formData, { schema: loginSchema });
  if (submission.status !== "success") return json(submission.reply({ hideFields: ["password"] }), { status: 400 });
  const api = new ApiClient(request);
  const result = await api.post<{ user: LoggedUser }>("auth/login", submission.value);
  if (!result.success) {
    return json(submission.reply({ formErrors: [result.message], hideFields: ["password"] }), { status: result.httpStatus });
  }
  // the origin remembered when the guard sent the visitor here (spec 1 §2)
  const to = safeRedirect(formData.get("redirectTo"), homeFor(result.data.user));
  return redirect(to, { headers: api.headers });
}

export default function Login() {
  const { sso } = useLoaderData<typeof loader>();
  const lastResult = useActionData<typeof action>();
  const [params] = useSearchParams();
  const navigation = useNavigation();
  const [form, fields] = useForm({
    id: "login",
    lastResult,
    constraint: getZodConstraint(loginSchema),
    shouldValidate: "onBlur",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: loginSchema }),
  });
  const redirectTo = params.get("redirectTo") ?? "";
  return (
    <Flex direction="column" gap="3">
      <Text as="p" size="3" color="gray" align="center">
        Sign in to the console
      </Text>
      <Form method="post" {...getFormProps(form)}>
        <input type="hidden" name="redirectTo" value={redirectTo} />
        <Field
          label="Email"
          errors={fields.email.errors}
          errorId={fields.email.errorId}
          inputProps={{ ...getInputProps(fields.email, { type: "email" }), autoComplete: "username", autoFocus: true }}
        />
        <Field
          label="Password"
          errors={fields.password.errors}
          errorId={fields.password.errorId}
          inputProps={{ ...getInputProps(fields.password, { type: "password" }), autoComplete: "current-password" }}
        />
        <FormError id={form.errorId} errors={form.errors} />
        <Button type="submit" size="3" mt="3" style={{ width: "100%" }} loading={navigation.state === "submitting"}>
          Sign in
        </Button>
      </Form>
      <Separator size="4" />
      <Flex direction="column" gap="2">
        <Button asChild variant="soft" size="3">
          <a href={`/auth/shopkeeper/login${redirectTo ? `?redirectTo=${encodeURIComponent(redirectTo)}` : ""}`}>Shop sign-in with phone code</a>
        </Button>
        {sso.google ? (
          <Form method="post" action="/auth/google">
            <input type="hidden" name="redirectTo" value={redirectTo} />
            <Button type="submit" variant="outline" size="3" style={{ width: "100%" }}>
              Continue with Google
            </Button>
          </Form>
        ) : null}
        {sso.facebook ? (
          <Form method="post" action="/auth/facebook">
            <input type="hidden" name="redirectTo" value={redirectTo} />
            <Button type="submit" variant="outline" size="3" style={{ width: "100%" }}>
              Continue with Facebook
            </Button>
          </Form>
        ) : null}
      </Flex>
      <Text size="1" color="gray" align="center">
        By signing in you agree to the <Link href="/terms">Terms &amp; Conditions</Link>.
      </Text>
    </Flex>
  );
}
