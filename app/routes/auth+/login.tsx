import { parseWithZod } from "@conform-to/zod/v4";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json, redirect } from "@remix-run/node";
import { Button, Flex, Link, Separator, Text } from "@radix-ui/themes";
import { useActionData, useLoaderData, useNavigation, useSearchParams } from "@remix-run/react";
import { Form } from "~/components/remix";
import { loginSchema } from "#contract/access/auth";
import { MSG } from "#contract/core/messages";
import { ApiClient, homeFor } from "~/services/api.server";
import { config } from "~/services/config.server";
import { ssoEnabled } from "~/services/sso.server";
import { isCrossSiteWrite } from "#server-shared/security";
import { Field } from "~/components/form/Field";
import { useFormKit } from "~/components/form/use-form-kit";
import { getFormProps } from "~/components/form/form-props";
import { ToastRegion } from "~/components/layout/Toast";
import { safeRedirect } from "~/lib/redirect";

export const meta: MetaFunction = () => [{ title: "Sign in" }];
// the page's meta description (root renders it: app/lib/meta.ts)
export const handle = {
  description:
    "Sign in to the marketplace back office with your e-mail and password, a phone code, Google or Facebook.",
};

export async function loader(_: LoaderFunctionArgs) {
  return json({ sso: { google: ssoEnabled("google"), facebook: ssoEnabled("facebook") } });
}

// The contract schema is checked here on the server (ADR 0010); the page shows the reply with the form kit.
export async function action({ request }: ActionFunctionArgs) {
  if (isCrossSiteWrite(request, config().PUBLIC_URL)) throw json({ message: MSG.crossSite }, { status: 403 });
  const formData = await request.formData();
  const submission = parseWithZod(formData, { schema: loginSchema });
  // the password is never sent back
  if (submission.status !== "success")
    return json({ result: submission.reply({ hideFields: ["password"] }), refusal: null }, { status: 400 });
  const api = new ApiClient(request);
  const result = await api.post("auth/login", submission.value);
  // spec 1 §8: a login error is the server's message in an error toast (the page's answer, so it shows without JavaScript)
  if (!result.success)
    return json(
      {
        result: submission.reply({ fieldErrors: result.errors ?? {}, hideFields: ["password"] }),
        refusal: { type: "error" as const, message: result.message },
      },
      { status: result.httpStatus },
    );
  // the origin remembered when the guard sent the visitor here (spec 1 §2)
  const to = safeRedirect(formData.get("redirectTo"), homeFor(result.data.user));
  return redirect(to, { headers: api.headers });
}

/** The single sign-on buttons, each shown when its client id is configured (ARCHITECTURE §5). */
const SSO_PROVIDERS = [
  { name: "google", label: "Google" },
  { name: "facebook", label: "Facebook" },
] as const;

export default function Login() {
  const { sso } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const [params] = useSearchParams();
  const navigation = useNavigation();
  const redirectTo = params.get("redirectTo") ?? "";
  const { form, fields, key } = useFormKit<{ email: string; password: string }>({
    id: "login",
    lastResult: result?.result,
  });
  return (
    <Flex direction="column" gap="3">
      <ToastRegion toast={result?.refusal ?? null} />
      <Text as="p" size="3" color="gray" align="center">
        Sign in to the console
      </Text>
      <Form key={key} method="post" {...getFormProps(form)}>
        <input type="hidden" name="redirectTo" value={redirectTo} />
        <Field
          label="Email"
          field={fields.email}
          type="email"
          inputProps={{
            id: "login-email",
            required: true,
            autoComplete: "username",
            autoFocus: true,
          }}
        />
        <Field
          label="Password"
          field={fields.password}
          type="password"
          inputProps={{
            id: "login-password",
            required: true,
            autoComplete: "current-password",
          }}
        />
        <Button type="submit" size="3" mt="3" style={{ width: "100%" }} loading={navigation.state === "submitting"}>
          Sign in
        </Button>
      </Form>
      <Separator size="4" />
      <Flex direction="column" gap="2">
        <Button asChild variant="soft" size="3">
          <a href={`/auth/shopkeeper/login${redirectTo ? `?redirectTo=${encodeURIComponent(redirectTo)}` : ""}`}>
            Shop sign-in with phone code
          </a>
        </Button>
        {SSO_PROVIDERS.filter((provider) => sso[provider.name]).map((provider) => (
          <Form key={provider.name} method="post" action={`/auth/${provider.name}`}>
            <input type="hidden" name="redirectTo" value={redirectTo} />
            <Button type="submit" variant="outline" size="3" style={{ width: "100%" }}>
              {`Continue with ${provider.label}`}
            </Button>
          </Form>
        ))}
      </Flex>
      <Text size="1" color="gray" align="center">
        By signing in you agree to the <Link href="/terms">Terms &amp; Conditions</Link>.
      </Text>
    </Flex>
  );
}
