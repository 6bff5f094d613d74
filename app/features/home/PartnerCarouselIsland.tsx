import { useContent } from "~/content/use-content";
import { Island } from "~/islands/Island";
import { PartnerCarousel } from "./PartnerCarousel";

/** The partner logos' carousel as an island (docs/decisions/024): its content read here. */
export function PartnerCarouselIsland() {
  const { title, lead } = useContent("home").partners;
  const logos = useContent("partners");
  const { ui } = useContent("layout");
  return (
    <Island
      name="partner-carousel"
      component={PartnerCarousel}
      props={{ heading: { title, lead }, logos, pauseLabel: ui.pauseAnimation }}
    />
  );
}
