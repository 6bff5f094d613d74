import type { ComponentType } from "react";
import styles from "./Island.module.css";
import { islandPropsJson } from "./serialize";

/**
 * One interactive part of a public page (docs/decisions/024). The server renders the component
 * inside the page like any other; the browser hydrates only this element's content, with
 * `react-dom/client`, from the props serialised in the JSON data block that follows it
 * (app/islands/hydrate.ts). The component must not use the router's context (no useLocation,
 * Link or useNavigate): on a public page there is no router in the browser. Its props must be
 * JSON: plain data, no functions or dates.
 */
export function Island<P extends object>({
  name,
  component: Component,
  props,
}: {
  /** The key the browser's island registry loads the component by (app/islands/registry.ts). */
  name: string;
  component: ComponentType<P>;
  props: P;
}) {
  return (
    <>
      <div className={styles.island} data-island={name}>
        <Component {...props} />
      </div>
      <script
        type="application/json"
        data-island-props=""
        // JSON with <, >, & escaped (islandPropsJson): it cannot end the element.
        dangerouslySetInnerHTML={{ __html: islandPropsJson(props) }}
      />
    </>
  );
}
