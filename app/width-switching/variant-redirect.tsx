import { useEffect } from "react";
import { Link, useLocation, useNavigate } from "react-router";
import { useContent } from "~/content/use-content";
import { VARIANT_REDIRECTS } from "~/route-paths";
import { MOBILE_QUERY, currentVariant } from "./viewport";

const TARGETS: Readonly<Record<string, string>> = VARIANT_REDIRECTS;

/**
 * A tiny script in the server-rendered page that replaces it with the right variant before anything
 * else loads (the server's CSP allows it by hash). The effect below does the same after
 * client-side navigation, when this script does not run.
 */
function redirectScript(base: string): string {
  return `location.replace("/${base}-"+(matchMedia("${MOBILE_QUERY}").matches?"mobile":"desktop")+location.search+location.hash)`;
}

/** The paths of VARIANT_REDIRECTS ("/", "/publications", …) replace themselves with the variant for the width. */
export default function VariantRedirect() {
  const navigate = useNavigate();
  const location = useLocation();
  const { navbarLinks } = useContent("layout").navigation;
  const base = TARGETS[location.pathname.replace(/\/$/, "") || "/"] ?? "home";
  useEffect(() => {
    void navigate(`/${base}-${currentVariant()}${location.search}${location.hash}`, {
      replace: true,
      state: location.state,
    });
  }, [navigate, base, location.search, location.hash, location.state]);
  const label =
    navbarLinks.find((link) => link.to === `/${base}-desktop` || link.to === `/${base}`)?.label ??
    base;
  return (
    <main id="main">
      <script>{redirectScript(base)}</script>
      <p>
        <Link to={`/${base}-desktop`}>{label}</Link>
      </p>
    </main>
  );
}
