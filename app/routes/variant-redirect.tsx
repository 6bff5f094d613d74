import { useEffect } from "react";
import { Link, useLocation, useNavigate } from "react-router";
import { MOBILE_QUERY } from "~/lib/viewport";

const TARGETS: Record<string, string> = {
  "/": "home",
  "/publications": "publications",
  "/currents-of-care": "currents-of-care",
};

/** "/", "/publications" and "/currents-of-care" replace themselves with the variant for the width. */
export default function VariantRedirect() {
  const navigate = useNavigate();
  const location = useLocation();
  const base = TARGETS[location.pathname.replace(/\/$/, "") || "/"] ?? "home";
  useEffect(() => {
    const variant = window.matchMedia(MOBILE_QUERY).matches ? "mobile" : "desktop";
    navigate(`/${base}-${variant}`, { replace: true, state: location.state });
  }, [navigate, base, location.state]);
  return (
    <p>
      <Link to={`/${base}-desktop`}>Continue to the site</Link>
    </p>
  );
}
