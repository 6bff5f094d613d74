import { useState } from "react";
import { pageOf, SITE_PAGES } from "../schema/site-pages";
import type { TextField } from "../schema/schema-fields";
import { Labelled } from "./ValueInputs";
import { useForm } from "./form-context";
import { fieldId, type ValuePath } from "../schema/value-path";
import styles from "../ContentEditor.module.css";

const OTHER = "other";

/**
 * A link's page, chosen by name from the site's pages (site-pages.ts), or typed as another
 * address on this site (a page's section, a file). Stores the path, as the text field did.
 */
export function PagePicker({
  field,
  path,
  value,
}: {
  field: TextField;
  path: ValuePath;
  value: unknown;
}) {
  const { onChange } = useForm();
  const text = typeof value === "string" ? value : "";
  const known = pageOf(text);
  // "Another address" stays chosen while staff type one, even when it matches a page.
  const [other, setOther] = useState(text !== "" && !known);
  const otherId = `${fieldId(path)}-address`;
  return (
    <Labelled field={field} path={path}>
      {(props) => (
        <>
          <select
            {...props}
            className={styles.select}
            value={other ? OTHER : (known?.path ?? "")}
            onChange={(event) => {
              const next = event.target.value;
              if (next === OTHER) {
                setOther(true);
                return;
              }
              setOther(false);
              onChange(path, next);
            }}
          >
            {known || other ? null : <option value="">Choose a page…</option>}
            {SITE_PAGES.map((page) => (
              <option key={page.path} value={page.path}>
                {page.name}
              </option>
            ))}
            <option value={OTHER}>Another address on this site…</option>
          </select>
          {other ? (
            <div className={styles.field}>
              <label htmlFor={otherId} className={styles.label}>
                Address on this site
              </label>
              <input
                id={otherId}
                className={styles.input}
                type="text"
                value={text}
                spellCheck={false}
                autoComplete="off"
                aria-describedby={props["aria-describedby"]}
                aria-invalid={props["aria-invalid"]}
                placeholder="/contact-desktop"
                onChange={(event) => onChange(path, event.target.value)}
              />
            </div>
          ) : null}
        </>
      )}
    </Labelled>
  );
}
