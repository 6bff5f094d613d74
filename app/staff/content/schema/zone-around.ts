import { valueAt, type ValuePath } from "./value-path";

/** The `timezone` of the nearest group around `path` that has one (an event's, for its sessions). */
export function zoneAround(root: unknown, path: ValuePath): string | null {
  for (let depth = path.length - 1; depth >= 0; depth -= 1) {
    const node = valueAt(root, path.slice(0, depth));
    const zone =
      typeof node === "object" && node !== null
        ? (node as Record<string, unknown>).timezone
        : undefined;
    if (typeof zone === "string" && zone !== "") return zone;
  }
  return null;
}
