import { ButtonLink } from "~/components/ButtonLink";
import { CurrentLinks } from "~/components/CurrentLinks";
import { DesktopLayout } from "~/components/PageLayout";
import { useContent } from "~/content/use-content";
import { FeaturedStripIsland } from "~/features/featured-strip/FeaturedStripIsland";
import type { SiteUpdate } from "#common/updates";
import { AboutPreview } from "./AboutPreview";
import { CollaborateCta } from "./CollaborateCta";
import { ContentSections } from "./ContentSections";
import { FeaturedImage } from "./FeaturedImage";
import { FeaturedProjects } from "./FeaturedProjects";
import { Hero } from "./Hero";
import { PartnerCarouselIsland } from "./PartnerCarouselIsland";
import styles from "./Home.module.css";

/** The desktop home page, top to bottom as in docs/product.md section 4.1. */
export function HomeDesktop({ featured }: { featured?: readonly SiteUpdate[] | null }) {
  const { aboutPreview, collaborateCta } = useContent("home");
  const { practitioner } = useContent("layout");
  const { contactButton, learnMoreAbout } = collaborateCta;
  return (
    <DesktopLayout>
      <Hero />
      <PartnerCarouselIsland />
      <div className={styles.strip}>
        <FeaturedStripIsland featured={featured} />
      </div>
      <CurrentLinks />
      <FeaturedProjects />
      <ContentSections />
      <FeaturedImage />
      <AboutPreview section={aboutPreview} />
      <div className={styles.ctaWrap}>
        <CollaborateCta
          id="collaborate-heading"
          heading={collaborateCta.heading}
          text={collaborateCta.text}
        >
          <ButtonLink to={contactButton.to} variant="light">
            {contactButton.label}
          </ButtonLink>
          <ButtonLink to={learnMoreAbout.to} variant="ghost">
            {`${learnMoreAbout.labelPrefix} ${practitioner.initials}`}
          </ButtonLink>
        </CollaborateCta>
      </div>
    </DesktopLayout>
  );
}
