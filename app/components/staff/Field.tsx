import { useId, type ComponentProps, type ReactNode } from "react";
import parts from "./StaffParts.module.css";

/**
 * What a password or code field is for, so the browser and password managers fill it right:
 * - current-password / new-password: hidden characters, the saved password or a new one;
 * - one-time-code: an authenticator app's digits (a numeric keyboard on phones);
 * - code-or-recovery: the same code or a recovery code, which has letters (a full keyboard).
 */
type FieldKind = "current-password" | "new-password" | "one-time-code" | "code-or-recovery";

const KIND_PROPS: Record<FieldKind, ComponentProps<"input">> = {
  "current-password": { type: "password", autoComplete: "current-password" },
  "new-password": { type: "password", autoComplete: "new-password" },
  "one-time-code": {
    type: "text",
    inputMode: "numeric",
    autoComplete: "one-time-code",
    spellCheck: false,
  },
  "code-or-recovery": { type: "text", autoComplete: "one-time-code", spellCheck: false },
};

type FieldProps = Omit<
  ComponentProps<"input">,
  "className" | "aria-invalid" | "aria-describedby"
> & {
  label: ReactNode;
  /** Shown between the label and the input, and read with the input. */
  hint?: ReactNode;
  /** Shown under the input and read with it; marks the input invalid. */
  error?: ReactNode;
  /** The input is wrong while its message is shown elsewhere (the form's alert, at errorId). */
  invalid?: boolean;
  /** The id of the error message: the one under the input, or the form's own. */
  errorId?: string;
  /** Other ids the input is described by (an intro above the form…), read after the hint. */
  describedBy?: readonly (string | null | undefined | false)[];
  kind?: FieldKind;
  /** The wrapper's class, when a page lays its fields out differently. */
  className?: string;
};

/**
 * One labelled staff input: the label, an optional hint, the input and an optional error, with
 * aria-describedby and aria-invalid tied together, so every staff form names and describes its
 * fields the same way.
 */
export function Field({
  label,
  hint,
  error,
  invalid,
  errorId,
  describedBy = [],
  kind,
  className,
  id,
  ...input
}: FieldProps) {
  const ownId = useId();
  const inputId = id ?? ownId;
  const hintId = `${inputId}-hint`;
  const messageId = errorId ?? `${inputId}-error`;
  const hasError = error !== undefined && error !== null && error !== false;
  const isInvalid = hasError || Boolean(invalid);
  const described = [
    hint ? hintId : null,
    ...describedBy,
    hasError || (invalid && errorId) ? messageId : null,
  ].filter(Boolean);
  return (
    <div className={className ?? parts.field}>
      <label htmlFor={inputId} className={parts.label}>
        {label}
      </label>
      {hint ? (
        <p id={hintId} className={parts.hint}>
          {hint}
        </p>
      ) : null}
      <input
        id={inputId}
        className={parts.input}
        aria-invalid={isInvalid ? "true" : undefined}
        aria-describedby={described.length > 0 ? described.join(" ") : undefined}
        {...(kind ? KIND_PROPS[kind] : {})}
        {...input}
      />
      {hasError ? (
        <p id={messageId} className={parts.fieldError}>
          {error}
        </p>
      ) : null}
    </div>
  );
}
