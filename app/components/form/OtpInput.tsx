import { useEffect, useRef, useState, type ClipboardEvent, type FormEvent, type KeyboardEvent } from "react";
import { OTP_LENGTH } from "#contract/phone/otp";

/**
 * A one-time code (spec 1 §2): without JavaScript ONE numeric input of 6 digits; with it, six single-digit
 * inputs posted as `otp` (the API joins them in order), the first focused, typing moving on, Backspace moving back,
 * and a pasted or autofilled code spreading over all six. `onFilled` reports how many digits are in.
 */
export function OtpInput({
  invalid,
  errorId,
  labelId,
  onFilled,
}: {
  invalid: boolean;
  errorId: string;
  labelId: string;
  onFilled: (n: number) => void;
}) {
  const [scripted, setScripted] = useState(false);
  const boxes = useRef<(HTMLInputElement | null)[]>([]);
  useEffect(() => setScripted(true), []);
  const count = () => onFilled(boxes.current.filter((b) => b?.value.length === 1).length);
  const focus = (i: number) => {
    const box = boxes.current[Math.max(0, Math.min(OTP_LENGTH - 1, i))];
    box?.focus();
    box?.select();
  };
  // the six boxes appear once scripts run: start on the first one
  useEffect(() => {
    if (scripted) {
      focus(0);
      count();
    }
  }, [scripted]); // eslint-disable-line react-hooks/exhaustive-deps

  const described = invalid ? errorId : undefined;
  if (!scripted) {
    return (
      <input
        name="otp"
        className="otp-single"
        type="text"
        inputMode="numeric"
        pattern={`[0-9]{${OTP_LENGTH}}`}
        minLength={OTP_LENGTH}
        maxLength={OTP_LENGTH}
        required
        autoFocus
        autoComplete="one-time-code"
        aria-labelledby={labelId}
        aria-invalid={invalid || undefined}
        aria-describedby={described}
      />
    );
  }

  const spread = (from: number, digits: string) => {
    const start = digits.length >= OTP_LENGTH ? 0 : from;
    [...digits.slice(0, OTP_LENGTH - start)].forEach((d, k) => {
      const box = boxes.current[start + k];
      if (box) box.value = d;
    });
    focus(Math.min(start + digits.length, OTP_LENGTH - 1));
    count();
  };
  const onInput = (i: number) => (event: FormEvent<HTMLInputElement>) => {
    const digits = event.currentTarget.value.replace(/\D/g, "");
    if (digits.length > 1) return spread(i, digits);
    event.currentTarget.value = digits;
    if (digits) focus(i + 1);
    count();
  };
  const onKeyDown = (i: number) => (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === "Backspace" && !event.currentTarget.value && i > 0) {
      event.preventDefault();
      const previous = boxes.current[i - 1];
      if (previous) previous.value = "";
      focus(i - 1);
      count();
    } else if (event.key === "ArrowLeft") focus(i - 1);
    else if (event.key === "ArrowRight") focus(i + 1);
  };
  const onPaste = (i: number) => (event: ClipboardEvent<HTMLInputElement>) => {
    const digits = event.clipboardData.getData("text").replace(/\D/g, "");
    if (!digits) return;
    event.preventDefault();
    spread(i, digits);
  };
  return (
    <div className="otp-digits" role="group" aria-labelledby={labelId}>
      {Array.from({ length: OTP_LENGTH }, (_, i) => (
        <input
          key={i}
          ref={(el) => {
            boxes.current[i] = el;
          }}
          name="otp"
          className="otp-digit"
          type="text"
          inputMode="numeric"
          pattern="[0-9]"
          maxLength={1}
          required
          autoComplete={i === 0 ? "one-time-code" : "off"}
          aria-label={`Digit ${i + 1} of ${OTP_LENGTH}`}
          aria-invalid={invalid || undefined}
          aria-describedby={described}
          onInput={onInput(i)}
          onKeyDown={onKeyDown(i)}
          onPaste={onPaste(i)}
          onFocus={(event) => event.currentTarget.select()}
        />
      ))}
    </div>
  );
}
