/**
 * An island's props as the text of a `<script type="application/json">` data block
 * (docs/decisions/024). A data block is never executed, so CSP needs no hash for it; its text
 * must still not end the element early or be read as a comment opener, so `<`, `>` and `&` are
 * written as JSON escapes (JSON.parse gives the same string back). U+2028 and U+2029 are
 * escaped too, so the text is also a valid JavaScript literal should anyone paste it into one.
 */
export function islandPropsJson(props: unknown): string {
  const json = JSON.stringify(props ?? {});
  if (json === undefined) throw new Error("island props must be JSON-serialisable");
  return json.replace(
    /[<>&\u2028\u2029]/g,
    (char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, "0")}`,
  );
}
