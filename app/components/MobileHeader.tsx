import { Link } from "react-router";
import type { ImageAsset } from "~/content/types";
import { useContent } from "~/content/use-content";
import { HOME_PATHS, MENU_PATH } from "~/route-paths";
import { useScrolled } from "~/lib/use-scrolled";
import { MenuIcon } from "./icons";
import { ResponsiveImage } from "./ResponsiveImage";
import styles from "./MobileHeader.module.css";

export interface MobileHeaderProps {
  /** Banner picture shown under the bar (the mobile home's masthead). */
  masthead?: ImageAsset;
}

/**
 * The mobile header: logo and the menu icon (a link to /menu-mobile). The bar stays at the top
 * and turns compact, with a shadow, once the page is scrolled.
 */
export function MobileHeader({ masthead }: MobileHeaderProps) {
  const scrolled = useScrolled();
  const { logo, navigation } = useContent("layout");
  return (
    <>
      <header className={styles.bar} data-scrolled={scrolled ? "true" : "false"}>
        <Link to={HOME_PATHS.mobile} className={styles.logo}>
          <img src={logo.src} alt={logo.alt} width={logo.width} height={logo.height} />
        </Link>
        <Link to={MENU_PATH} className={styles.menu}>
          <MenuIcon size={28} />
          <span className="visually-hidden">{navigation.mobileMenu.openLabel}</span>
        </Link>
      </header>
      {masthead ? (
        <ResponsiveImage
          image={masthead}
          priority
          pictureClassName={styles.masthead}
          sizes="100vw"
        />
      ) : null}
    </>
  );
}
