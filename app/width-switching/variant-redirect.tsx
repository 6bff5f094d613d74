import { useEffect } from "react";
import { Link, useLocation, useNavigate } from "react-router";
import { useContent } from "~/content/use-content";
import { useRenderMark } from "~/lib/render-mark";
import { VARIANT_REDIRECTS } from "~/route-paths";
import { currentVariant, variantRedirectScript } from "./viewport";

const TARGETS: Readonly<Record<string, string>> = VARIANT_REDIRECTS;

/** The paths of VARIANT_REDIRECTS ("/", "/publications", …) replace themselves with the variant for the width. */
export default function VariantRedirect() {
  const navigate = useNavigate();
  const location = useLocation();
  // Marked as the app's own, so the page's CSP allows it (app/lib/render-mark.ts).
  const mark = useRenderMark();
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
      {/* Replaces the page with the right variant before anything else loads (allowed by the CSP
          as a marked script); the effect above does the same after client-side navigation. */}
      <script nonce={mark}>{variantRedirectScript(base)}</script>
      <p>
        <Link to={`/${base}-desktop`}>{label}</Link>
      </p>
    </main>
  );
}
