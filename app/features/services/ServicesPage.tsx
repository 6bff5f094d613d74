import { ButtonLink } from "~/components/ButtonLink";
import { LoopingVideo } from "~/components/LoopingVideo";
import { DesktopLayout, MobileLayout } from "~/components/PageLayout";
import {
  contactButton,
  courses,
  finalInquire,
  mobileCourses,
  servicesHeading,
  servicesIntro,
  servicesVideo,
} from "~/content/services";
import { CourseList } from "./CourseList";
import { ExpertiseSections } from "./ExpertiseSections";
import { InquireLink } from "./InquireLink";
import styles from "./Services.module.css";

function Intro() {
  return (
    <div className={styles.intro}>
      <h1 className={styles.title}>{servicesHeading}</h1>
      <p className={styles.lead}>{servicesIntro}</p>
    </div>
  );
}

/** Services, desktop: six courses, the areas of expertise, a video and Contact Us. */
export function ServicesDesktop() {
  return (
    <DesktopLayout>
      <div className={styles.page} data-variant="desktop">
        <Intro />
        <CourseList courses={courses} />
        <ExpertiseSections showFigures={false} />
        <div className={styles.media}>
          <LoopingVideo video={servicesVideo} preload="none" />
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
  return (
    <MobileLayout>
      <div className={styles.page} data-variant="mobile">
        <Intro />
        <CourseList courses={mobileCourses} />
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
