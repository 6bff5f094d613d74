import type { ReactNode } from "react";
import type { ImageAsset } from "~/content/types";
import { Footer } from "./Footer";
import { MobileHeader } from "./MobileHeader";
import { Navbar } from "./Navbar";
import styles from "./PageLayout.module.css";

export interface PageLayoutProps {
  children: ReactNode;
  /** The contact screens show the cookie label in the footer. */
  showCookieLabel?: boolean;
  /** Class of the <main> element. */
  className?: string;
}

/**
 * The site's header for a kind of page: the navbar (desktop), the mobile header with its menu
 * icon (mobile), or the one for the width (responsive: the navbar from 600 px, the mobile header
 * below). Event pages, which lay out their own <main>, use it alone.
 */
export function SiteHeader({ variant }: { variant: "desktop" | "mobile" | "responsive" }) {
  if (variant === "desktop") return <Navbar />;
  if (variant === "mobile") return <MobileHeader />;
  return (
    <>
      <div className={styles.wide}>
        <Navbar />
      </div>
      <div className={styles.narrow}>
        <MobileHeader />
      </div>
    </>
  );
}

/** A desktop page: navbar, the page's content in <main id="main">, footer. */
export function DesktopLayout({ children, showCookieLabel, className }: PageLayoutProps) {
  return (
    <>
      <Navbar />
      <main id="main" className={className}>
        {children}
      </main>
      <Footer variant="desktop" showCookieLabel={showCookieLabel} />
    </>
  );
}

/** A mobile page: header with the menu icon, the page's content in <main id="main">, footer. */
export function MobileLayout({
  children,
  showCookieLabel,
  className,
  masthead,
}: PageLayoutProps & { masthead?: ImageAsset }) {
  return (
    <>
      <MobileHeader masthead={masthead} />
      <main id="main" className={className}>
        {children}
      </main>
      <Footer variant="mobile" showCookieLabel={showCookieLabel} />
    </>
  );
}

/**
 * A page with no -desktop/-mobile twin (/sms-opt-in, /events, /updates): the navbar on wide
 * screens, the mobile header with its menu icon below 600 px, the desktop footer.
 */
export function ResponsiveLayout({ children, className }: PageLayoutProps) {
  return (
    <>
      <SiteHeader variant="responsive" />
      <main id="main" className={className}>
        {children}
      </main>
      <Footer variant="desktop" />
    </>
  );
}
