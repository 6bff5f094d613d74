import { useEffect } from "react";
import { Link, useLocation, useNavigate } from "react-router";

/** /menu has no screen of its own: it goes to /menu-mobile. */
export default function MenuRedirect() {
  const navigate = useNavigate();
  const location = useLocation();
  useEffect(() => {
    navigate("/menu-mobile", { replace: true, state: location.state });
  }, [navigate, location.state]);
  return (
    <p>
      <Link to="/menu-mobile">Open the menu</Link>
    </p>
  );
}
