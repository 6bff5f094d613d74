import { useEffect, useRef } from "react";
import { useLocation, useNavigate } from "react-router";
import { MOBILE_QUERY, currentVariant, switchedPath } from "./viewport";

/**
 * The responsive rule (docs/product.md section 2.2): a path ending in -desktop or -mobile is replaced by
 * the variant for the current width, on load, after every navigation, and whenever the window
 * crosses 600 px. Query, hash and route state (e.g. a prefilled contact message) come along.
 */
export function useViewportSwitch(): void {
  const location = useLocation();
  const navigate = useNavigate();
  const latest = useRef(location);
  useEffect(() => {
    latest.current = location;
  });

  useEffect(() => {
    if (typeof window.matchMedia !== "function") return;
    const check = () => {
      const { pathname, search, hash, state } = latest.current;
      const target = switchedPath(pathname, currentVariant());
      if (target) void navigate(`${target}${search}${hash}`, { replace: true, state });
    };
    check();
    const list = window.matchMedia(MOBILE_QUERY);
    list.addEventListener("change", check);
    return () => list.removeEventListener("change", check);
  }, [location.pathname, navigate]);
}
