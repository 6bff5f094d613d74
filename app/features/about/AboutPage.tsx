import { DesktopLayout, MobileLayout } from "~/components/PageLayout";
import { AboutIntro } from "./AboutIntro";
import { AboutMedia } from "./AboutMedia";
import { Offerings } from "./Offerings";
import { ProjectLinks } from "./ProjectLinks";
import { TeamList } from "./TeamList";
import styles from "./About.module.css";

/** The About page; the mobile variant is one column and adds the project links. */
export function AboutPage({ variant }: { variant: "desktop" | "mobile" }) {
  const content = (
    <div className={styles.page} data-variant={variant}>
      <AboutIntro />
      <TeamList />
      <Offerings />
      <AboutMedia variant={variant} />
      {variant === "mobile" ? <ProjectLinks /> : null}
    </div>
  );
  return variant === "mobile" ? (
    <MobileLayout>{content}</MobileLayout>
  ) : (
    <DesktopLayout>{content}</DesktopLayout>
  );
}
