import { ButtonLink } from "~/components/ButtonLink";
import { LoopingVideoIsland } from "~/components/LoopingVideoIsland";
import { DesktopLayout, MobileLayout } from "~/components/PageLayout";
import { useContent } from "~/content/use-content";
import { CourseList } from "./CourseList";
import { ExpertiseSections } from "./ExpertiseSections";
import { InquireLink } from "./InquireLink";
import styles from "./Services.module.css";

function Intro() {
  const { heading, intro } = useContent("services");
  return (
    <div className={styles.intro}>
      <h1 className={styles.title}>{heading}</h1>
      <p className={styles.lead}>{intro}</p>
    </div>
  );
}

/** Services, desktop: six courses, the areas of expertise, a video and Contact Us. */
export function ServicesDesktop() {
  const { video, contactButton } = useContent("services");
  const courses = useContent("courses");
  return (
    <DesktopLayout>
      <div className={styles.page} data-variant="desktop">
        <Intro />
        <CourseList courses={courses} />
        <ExpertiseSections showFigures={false} />
        <div className={styles.media}>
          <LoopingVideoIsland video={video} preload="none" />
        </div>
        <p className={styles.cta}>
          <ButtonLink to={contactButton.to}>{contactButton.label}</ButtonLink>
        </p>
      </div>
    </DesktopLayout>
  );
}

/** Services, mobile: four courses, the areas of expertise with the funding figures, Inquire. */
export function ServicesMobile() {
  const { finalInquire } = useContent("services");
  const courses = useContent("courses");
  return (
    <MobileLayout>
      <div className={styles.page} data-variant="mobile">
        <Intro />
        <CourseList courses={courses} />
        <ExpertiseSections showFigures />
        <section className={styles.final} aria-labelledby="services-final-heading">
          <h2 id="services-final-heading" className={styles.heading}>
            {finalInquire.heading}
          </h2>
          <p>{finalInquire.text}</p>
          <InquireLink label={finalInquire.label} />
        </section>
      </div>
    </MobileLayout>
  );
}
