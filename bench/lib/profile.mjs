// Reads a V8 CPU profile (`node --cpu-prof`) into a table of the functions with the most self time.
import path from "node:path";

/** Where a profile node's function lives, shortened: `node_modules/x/...` or a project path. */
function location(callFrame, root) {
  const { url, lineNumber } = callFrame;
  if (!url) return "(native)";
  let file = url.replace(/^file:\/\//, "");
  const modules = file.lastIndexOf("node_modules/");
  if (modules !== -1) file = file.slice(modules + "node_modules/".length);
  else if (file.startsWith(root)) file = path.relative(root, file);
  return `${file}:${lineNumber + 1}`;
}

/** A function's place: its npm package, its Node module, its project folder, or what V8 calls it. */
function placeOf(where, name) {
  if (where === "(native)") return name === "(garbage collector)" ? name : "(native and V8)";
  if (where.startsWith("node:")) return where.replace(/:\d+$/, "");
  if (where.startsWith("build/") || !where.includes("/")) return where.replace(/:\d+$/, "");
  const [first, second] = where.split("/");
  return first.startsWith("@") ? `${first}/${second}` : first;
}

/**
 * The `limit` functions with the most self time, as a Markdown table with their share of the
 * samples in which the process was busy (`(idle)` left out).
 */
export function summariseProfile(profile, root, limit = 20) {
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const selfTicks = new Map();
  for (const id of profile.samples) selfTicks.set(id, (selfTicks.get(id) ?? 0) + 1);
  const idle = profile.nodes.find((node) => node.callFrame.functionName === "(idle)");
  const total = profile.samples.length - (idle ? (selfTicks.get(idle.id) ?? 0) : 0);
  const byFunction = new Map();
  for (const [id, ticks] of selfTicks) {
    const { callFrame } = byId.get(id);
    const name = callFrame.functionName || "(anonymous)";
    const key = `${name} ${location(callFrame, root)}`;
    const entry = byFunction.get(key) ?? { name, where: location(callFrame, root), ticks: 0 };
    entry.ticks += ticks;
    byFunction.set(key, entry);
  }
  byFunction.delete(`(idle) ${location({ url: "" }, root)}`);
  const rows = [...byFunction.values()].sort((a, b) => b.ticks - a.ticks).slice(0, limit);
  const byPlace = new Map();
  for (const entry of byFunction.values()) {
    const place = placeOf(entry.where, entry.name);
    byPlace.set(place, (byPlace.get(place) ?? 0) + entry.ticks);
  }
  const places = [...byPlace].sort((a, b) => b[1] - a[1]).slice(0, 12);
  const lines = ["| self % of busy | function | where |", "| -----: | -------- | ----- |"];
  for (const row of rows) {
    lines.push(`| ${((100 * row.ticks) / total).toFixed(1)} | ${row.name} | ${row.where} |`);
  }
  lines.push(
    "",
    "| self % of busy | where (package, Node module or project folder) |",
    "| -----: | ----- |",
  );
  for (const [place, ticks] of places)
    lines.push(`| ${((100 * ticks) / total).toFixed(1)} | ${place} |`);
  return lines.join("\n");
}
