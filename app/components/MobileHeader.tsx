import { Link } from "react-router";
import { mobileHomePath, mobileMenu } from "~/content/navigation";
import { site } from "~/content/site";
import type { ImageAsset } from "~/content/types";
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
  return (
    <>
      <header className={styles.bar} data-scrolled={scrolled ? "true" : "false"}>
        <Link to={mobileHomePath} className={styles.logo}>
          <img
            src={site.logo.src}
            alt={site.logo.alt}
            width={site.logo.width}
            height={site.logo.height}
          />
        </Link>
        <Link to={mobileMenu.menuPath} className={styles.menu}>
          <MenuIcon size={28} />
          <span className="visually-hidden">{mobileMenu.openLabel}</span>
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
