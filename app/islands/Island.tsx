import { useId, type ComponentType } from "react";
import { renderToString } from "react-dom/server";
import styles from "./Island.module.css";
import { islandPropsJson } from "./serialize";

/**
 * One interactive part of a public page (docs/decisions/024). The browser hydrates only this
 * element's content, on a React root of its own (app/islands/hydrate.ts), from the props in the
 * JSON data block that follows it.
 *
 * The content is rendered here as a separate React tree, the way the browser's root will render
 * it: ids from `useId` depend on a component's place in its tree, so a component rendered inside
 * the page's tree would get other ids than on its own root and its hydration would not match. The
 * island's own id, unique in the page, is the prefix of every id inside it (`identifierPrefix`
 * on both sides). So the component must not read context from the page's tree (no router: no
 * useLocation, Link or useNavigate, there is no router in the browser on a public page), and its
 * props must be JSON (plain data, no functions or dates).
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
  const id = useId();
  const html = renderToString(<Component {...props} />, { identifierPrefix: id });
  return (
    <>
      <div
        className={styles.island}
        data-island={name}
        data-island-id={id}
        // React's own rendering of the component, so its markup is exactly what hydration expects.
        dangerouslySetInnerHTML={{ __html: html }}
      />
      <script
        type="application/json"
        data-island-props=""
        // JSON with <, >, & escaped (islandPropsJson): it cannot end the element.
        dangerouslySetInnerHTML={{ __html: islandPropsJson(props) }}
      />
    </>
  );
}
