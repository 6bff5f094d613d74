import { ButtonLink } from "~/components/ButtonLink";
import { CurrentLinks } from "~/components/CurrentLinks";
import { MobileLayout } from "~/components/PageLayout";
import { useContent } from "~/content/use-content";
import { FeaturedStripIsland } from "~/features/featured-strip/FeaturedStripIsland";
import type { SiteUpdate } from "#common/updates";
import { AboutPreview } from "./AboutPreview";
import { CollaborateCta } from "./CollaborateCta";
import { CollaborativeLearning } from "./CollaborativeLearning";
import { MobileHero } from "./MobileHero";
import { VrBlock } from "./VrBlock";
import styles from "./Home.module.css";

/** The mobile home page (docs/product.md section 4.3); the header follows the scroll position. */
export function HomeMobile({ featured }: { featured?: readonly SiteUpdate[] | null }) {
  const homeMobile = useContent("homeMobile");
  const { callToCollaborate } = homeMobile;
  return (
    <MobileLayout masthead={homeMobile.masthead}>
      <MobileHero />
      <div className={styles.strip}>
        <FeaturedStripIsland featured={featured} />
      </div>
      <CurrentLinks />
      <VrBlock />
      <CollaborativeLearning />
      <div className={styles.ctaWrap}>
        <CollaborateCta
          id="mobile-collaborate-heading"
          heading={callToCollaborate.heading}
          text={callToCollaborate.text}
        >
          <ButtonLink to={callToCollaborate.contactButton.to} variant="light">
            {callToCollaborate.contactButton.label}
          </ButtonLink>
        </CollaborateCta>
      </div>
      <AboutPreview section={homeMobile.journey} />
    </MobileLayout>
  );
}
