import { useEffect, useRef, useState } from "react";

/**
 * The Story card's rich-text editor (ADR 0017): a contenteditable area with bold, italic and list buttons, loaded
 * lazily, only on the shop page and only with JavaScript (without it the card is a plain textarea). It posts its HTML
 * as `name` with `${name}Format=html`; the API sanitises it to a small allow-list, so nothing here is trusted.
 */
export default function RichTextEditor({
  name,
  id,
  initialHtml,
  invalid,
  describedBy,
}: {
  name: string;
  id: string;
  initialHtml: string;
  invalid?: boolean;
  describedBy?: string;
}) {
  const area = useRef<HTMLDivElement>(null);
  const [html, setHtml] = useState(initialHtml);
  const [active, setActive] = useState<Record<string, boolean>>({});

  useEffect(() => {
    if (area.current) area.current.innerHTML = initialHtml;
    // start from the saved story once; the area is the truth while editing
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  useEffect(() => {
    const onSelection = () => {
      if (!area.current?.contains(document.getSelection()?.anchorNode ?? null)) return;
      setActive({
        bold: document.queryCommandState("bold"),
        italic: document.queryCommandState("italic"),
        insertUnorderedList: document.queryCommandState("insertUnorderedList"),
        insertOrderedList: document.queryCommandState("insertOrderedList"),
      });
    };
    document.addEventListener("selectionchange", onSelection);
    return () => document.removeEventListener("selectionchange", onSelection);
  }, []);

  const sync = () => setHtml(area.current?.innerHTML ?? "");
  const run = (command: string) => {
    area.current?.focus();
    // execCommand is deprecated but is still the one editing API every browser ships for contenteditable
    document.execCommand(command);
    sync();
  };

  const tools: { command: string; label: string; text: string }[] = [
    { command: "bold", label: "Bold", text: "B" },
    { command: "italic", label: "Italic", text: "I" },
    { command: "insertUnorderedList", label: "Bulleted list", text: "• List" },
    { command: "insertOrderedList", label: "Numbered list", text: "1. List" },
  ];

  return (
    <div className="rte" data-invalid={invalid ? true : undefined}>
      <div className="rte-toolbar" role="toolbar" aria-label="Formatting" aria-controls={id}>
        {tools.map((t) => (
          <button
            key={t.command}
            type="button"
            className={`rte-tool rte-${t.command}`}
            aria-label={t.label}
            aria-pressed={!!active[t.command]}
            title={t.label}
            // keep the selection in the text while clicking the button
            onMouseDown={(e) => e.preventDefault()}
            onClick={() => run(t.command)}
          >
            {t.text}
          </button>
        ))}
      </div>
      <div
        ref={area}
        id={id}
        className="rte-area"
        contentEditable
        suppressContentEditableWarning
        role="textbox"
        aria-multiline="true"
        aria-label="Story"
        aria-invalid={invalid ? true : undefined}
        aria-describedby={describedBy}
        tabIndex={0}
        onInput={sync}
        onBlur={sync}
        onPaste={(e) => {
          // paste as plain text: formatting from elsewhere is the sanitiser's problem, but this keeps it clean
          e.preventDefault();
          document.execCommand("insertText", false, e.clipboardData.getData("text/plain"));
          sync();
        }}
        data-testid="story-editor"
      />
      <input type="hidden" name={name} value={html} />
      <input type="hidden" name={`${name}Format`} value="html" />
    </div>
  );
}
