import { useEffect } from "react";
import { Link, useLocation, useNavigate } from "react-router";
import { useContent } from "~/content/use-content";
import { FIXED_REDIRECTS } from "~/route-paths";

const TARGET = FIXED_REDIRECTS["/menu"];

/** Replaces the server-rendered /menu page at once (allowed by the CSP's hash of this script). */
const REDIRECT_SCRIPT = `location.replace("${TARGET}"+location.search+location.hash)`;

/** /menu has no screen of its own: it goes to /menu-mobile. */
export default function MenuRedirect() {
  const navigate = useNavigate();
  const location = useLocation();
  const { mobileMenu } = useContent("layout").navigation;
  useEffect(() => {
    void navigate(`${TARGET}${location.search}${location.hash}`, {
      replace: true,
      state: location.state,
    });
  }, [navigate, location.search, location.hash, location.state]);
  return (
    <main id="main">
      <script>{REDIRECT_SCRIPT}</script>
      <p>
        <Link to={TARGET}>{mobileMenu.openLabel}</Link>
      </p>
    </main>
  );
}
