import { createContext, useContext } from "react";
import type { GroupField } from "../schema/schema-fields";
import { errorKey, type ValuePath } from "../schema/value-path";
import styles from "../ContentEditor.module.css";

/*
 * What every field of the generated form shares: the field messages and the one change handler
 * (the whole entry is one value held by the editor; a change replaces the value at a path).
 */

interface FormContextValue {
  /** Messages by the server's key (`data.title`), from the schema or from the server. */
  errors: Readonly<Record<string, string>>;
  onChange: (path: ValuePath, value: unknown) => void;
  /** The whole entry, for a field that reads a neighbour (a session's time reads the zone). */
  root: unknown;
  /** The entry has been published: a page address made from its title no longer follows it. */
  published?: boolean;
  /** The whole entry's description, for a field that fills a neighbour (a picture's other width). */
  rootField?: GroupField;
}

export const FormContext = createContext<FormContextValue | null>(null);

export function useForm(): FormContextValue {
  const form = useContext(FormContext);
  if (!form) throw new Error("A schema field must render inside SchemaForm");
  return form;
}

/** A message for the whole group or list (e.g. "Steps must have from 1 to 8 items"). */
export function FormError({ path, id }: { path: ValuePath; id?: string }) {
  const { errors } = useForm();
  const message = errors[errorKey(path)];
  if (!message) return null;
  return (
    <p id={id} className={styles.fieldError}>
      {message}
    </p>
  );
}
