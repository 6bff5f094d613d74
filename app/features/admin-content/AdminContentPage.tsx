import {
  COLLECTION_NAMES,
  collectionKind,
  type CollectionKind,
} from "../../../common/content/collections";
import styles from "~/components/staff/Staff.module.css";

export const CONTENT_TEXT = {
  notYet:
    "Editing the site's content here is not built yet. For now this page only lists the content collections, by name and kind; nothing on it can be changed.",
  caption: "Content collections",
} as const;

const KIND_TEXT: Readonly<Record<CollectionKind, string>> = {
  singleton: "Single entry",
  list: "List of entries",
};

/**
 * The staff content page (docs/product.md section 5.4): the collections staff will edit
 * (common/content/collections.ts), read-only until the editor exists (section 14).
 */
export function AdminContentPage() {
  return (
    <>
      <p className={styles.notice}>{CONTENT_TEXT.notYet}</p>
      <table className={styles.table}>
        <caption>{CONTENT_TEXT.caption}</caption>
        <thead>
          <tr>
            <th scope="col">Name</th>
            <th scope="col">Kind</th>
          </tr>
        </thead>
        <tbody>
          {COLLECTION_NAMES.map((name) => (
            <tr key={name}>
              <th scope="row">
                <code>{name}</code>
              </th>
              <td>{KIND_TEXT[collectionKind(name)]}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </>
  );
}
