import { ButtonLink, buttonClass } from "~/components/ButtonLink";
import { ExternalLink } from "~/components/ExternalLink";
import { LoopingVideoIsland } from "~/components/LoopingVideoIsland";
import { useContent } from "~/content/use-content";
import styles from "./About.module.css";

/** The looping video with controls, the Learn More links and Contact Us. */
export function AboutMedia({ variant }: { variant: "desktop" | "mobile" }) {
  const { video: aboutVideo, contactButton, learnMoreLinks } = useContent("about");
  return (
    <div className={styles.media}>
      <figure className={styles.figure}>
        <LoopingVideoIsland video={aboutVideo.video} controls preload="none" />
        <figcaption className={styles.caption}>{aboutVideo.caption}</figcaption>
      </figure>
      <div className={styles.actions}>
        {learnMoreLinks.map((link) => (
          <ExternalLink
            key={link.url}
            href={link.url}
            accessibleLabel={link.accessibleLabel}
            className={buttonClass("secondary")}
          >
            {link.label}
          </ExternalLink>
        ))}
        <ButtonLink to={variant === "mobile" ? contactButton.toMobile : contactButton.toDesktop}>
          {contactButton.label}
        </ButtonLink>
      </div>
    </div>
  );
}
