import { Button, Card, Flex, Text, TextArea } from "@radix-ui/themes";
import { useNavigation } from "@remix-run/react";
import { Form } from "~/components/remix";
import { Suspense, lazy } from "react";
import { useHydrated } from "~/lib/hooks";
import { ErrorList } from "~/components/form/Field";
import { useFormKit } from "~/components/form/use-form-kit";
import { getFormProps } from "~/components/form/form-props";
import { messages, busyWith, CancelEdit, CardTitle } from "./inline";
import type { ShopInfoActionData, ShopInfoShop } from "./types";
import { textAt } from "~/lib/posted";

// the editor's code is fetched only when the Story card is opened for editing with JavaScript (ADR 0017)
const RichTextEditor = lazy(() => import("../RichTextEditor"));

/** The story's input: a plain textarea without JavaScript (and while the editor loads), the rich-text editor with it. */
function StoryInput({
  story,
  sent,
  invalid,
  errorId,
}: {
  story: ShopInfoShop["story"];
  sent?: { story?: string; storyFormat?: string };
  invalid: boolean;
  errorId: string;
}) {
  const hydrated = useHydrated();
  const sentHtml = sent?.storyFormat === "html";
  const textarea = (
    <>
      <label htmlFor="shop-story" className="visually-hidden">
        Story
      </label>
      <TextArea
        id="shop-story"
        name="story"
        rows={8}
        defaultValue={sent && !sentHtml ? (sent.story ?? "") : story.text}
        aria-invalid={invalid || undefined}
        aria-describedby={invalid ? errorId : undefined}
      />
      <input type="hidden" name="storyFormat" value="text" />
      <Text as="p" size="1" color="gray" mt="1">
        **bold**, *italic*, a line starting with - for a list, 1. for a numbered list; a blank line starts a new
        paragraph.
      </Text>
    </>
  );
  if (!hydrated) return textarea;
  return (
    <Suspense fallback={textarea}>
      <RichTextEditor
        name="story"
        id="shop-story-editor"
        initialHtml={sent && sentHtml ? (sent.story ?? "") : story.html}
        invalid={invalid}
        describedBy={invalid ? errorId : undefined}
      />
    </Suspense>
  );
}

/** spec 1 §2 Story rich-text card; §5: an empty story gives 'Please Add Story'. The HTML shown was sanitised on the server. */
export function StoryCard({
  record,
  story,
  canEdit,
  editing,
  answer,
}: {
  record: string;
  story: ShopInfoShop["story"];
  canEdit: boolean;
  editing: boolean;
  answer?: ShopInfoActionData;
}) {
  const navigation = useNavigation();
  const { form, fields, key } = useFormKit({ id: "shop-story-form", record, lastResult: answer?.result });
  const errors = messages(fields.story.errors, form.errors);
  const open = canEdit && (editing || !!answer);
  return (
    <Card size="2">
      <CardTitle title="Story" field="story" showEdit={canEdit && !open} />
      {open ? (
        <Form key={key} method="post" preventScrollReset data-testid="story-form" {...getFormProps(form)}>
          <StoryInput
            story={story}
            sent={
              answer?.result.initialValue
                ? {
                    story: textAt(answer.result.initialValue, "story"),
                    storyFormat: textAt(answer.result.initialValue, "storyFormat"),
                  }
                : undefined
            }
            invalid={!!fields.story.errors?.length}
            errorId={fields.story.errorId}
          />
          <ErrorList id={fields.story.errorId} errors={errors} />
          <Flex gap="2" mt="3">
            <Button type="submit" name="intent" value="story" loading={busyWith(navigation, "story")}>
              Save story
            </Button>
            <CancelEdit />
          </Flex>
        </Form>
      ) : story.html ? (
        // sanitised by the API on save and by the page's loader again (sanitize-html allow-list, ADR 0017)
        <div className="shop-story" data-testid="shop-story" dangerouslySetInnerHTML={{ __html: story.html }} />
      ) : (
        <Text as="p" size="2" color="gray" data-testid="shop-story">
          This shop has not told its story yet.
        </Text>
      )}
    </Card>
  );
}
