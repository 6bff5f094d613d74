// Starts React Router's client on the pages that hydrate only once the page has loaded
// (docs/product.md section 12, docs/decisions/013 and 016): the HTML, its inline CSS and the LCP
// picture get the connection to themselves, and the framework's ~110 KiB follow. Runs on every
// rendered page after inline-css.ts; the server allows the rewritten inline script by its hash,
// as one the app wrote (render-mark.ts).

const PRELOAD_RE = /<link rel="modulepreload" href="([^"]+)"\/>/g;
const MODULE_SCRIPT_RE = /<script type="module" async="">([\s\S]*?)<\/script>/g;
const STATIC_IMPORT_RE = /^import (?:\* as (\w+) from )?"([^"]+)";$/;
const ROUTE_MODULES_RE = /^window\.__reactRouterRouteModules = (\{[^;]*\});$/;
const ENTRY_RE = /^import\("([^"]+)"\);$/;
/** A route split into chunks (clientLoader, HydrateFallback, main) joined into one module object. */
const MERGE_RE = /^const (\w+) = \{((?:\.\.\.\w+,)*\.\.\.\w+)\};$/;

/**
 * The classic script that does what React Router's bootstrap module does (load the manifest and
 * the matched route modules, publish them, import the client entry), after the load event, with
 * the module preloads added at that moment so the imports do not wait on each other.
 */
export function deferredBootstrap(moduleScript: string, preloads: readonly string[]): string {
  const imports: { name: string | undefined; href: string }[] = [];
  const merges: { name: string; parts: string[] }[] = [];
  let routeModules: string | undefined;
  let entry: string | undefined;
  for (const line of moduleScript.split("\n").map((text) => text.trim())) {
    if (line === "") continue;
    const importMatch = STATIC_IMPORT_RE.exec(line);
    const modulesMatch = ROUTE_MODULES_RE.exec(line);
    const entryMatch = ENTRY_RE.exec(line);
    const mergeMatch = MERGE_RE.exec(line);
    if (importMatch) imports.push({ name: importMatch[1], href: importMatch[2]! });
    else if (mergeMatch) {
      merges.push({
        name: mergeMatch[1]!,
        parts: mergeMatch[2]!.split(",").map((p) => p.slice(3)),
      });
    } else if (modulesMatch) routeModules = modulesMatch[1];
    else if (entryMatch) entry = entryMatch[1];
    else throw new Error(`unexpected line in React Router's bootstrap script: ${line}`);
  }
  if (!routeModules || !entry || imports.length === 0) {
    throw new Error("React Router's bootstrap script no longer has the expected shape");
  }
  const names = imports.map((item) => item.name ?? "");
  return [
    "(function(){",
    "function start(){",
    `${JSON.stringify(preloads)}.forEach(function(href){var link=document.createElement("link");link.rel="modulepreload";link.href=href;document.head.appendChild(link)});`,
    `Promise.all([${imports.map((item) => `import(${JSON.stringify(item.href)})`).join(",")}])`,
    `.then(function(modules){var ${[
      ...names.map((name, index) => (name ? `${name}=modules[${index}]` : "")).filter(Boolean),
      ...merges.map(({ name, parts }) => `${name}=Object.assign({},${parts.join(",")})`),
    ].join(",")};`,
    `window.__reactRouterRouteModules=${routeModules};`,
    `return import(${JSON.stringify(entry)})})}`,
    'if(document.readyState==="complete")start();else addEventListener("load",start,{once:true})',
    "})()",
  ].join("");
}

/**
 * Rewrites a page that hydrates; returns the HTML unchanged when it has no bootstrap module.
 * `allowed`, when given, holds the inline scripts the app wrote (render-mark.ts): only a bootstrap
 * module among them is rewritten, and the rewritten script is added to it.
 */
export function hydrateAfterLoad(html: string, allowed?: string[]): string {
  const scripts = [...html.matchAll(MODULE_SCRIPT_RE)];
  if (scripts.length === 0) return html;
  if (scripts.length > 1) throw new Error("more than one bootstrap module script");
  if (allowed && !allowed.includes(scripts[0]![1]!)) return html;
  const preloads = [...html.matchAll(PRELOAD_RE)].map((match) => match[1]!);
  const script = deferredBootstrap(scripts[0]![1]!, preloads);
  allowed?.push(script);
  return html
    .replace(PRELOAD_RE, "")
    .replace(MODULE_SCRIPT_RE, () => `<script>${script.replace(/<\//g, "<\\/")}</script>`);
}
