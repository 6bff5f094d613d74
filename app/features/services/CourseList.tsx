import { useId } from "react";
import { useContent } from "~/content/use-content";
import { InquireLink } from "./InquireLink";
import styles from "./Services.module.css";

export interface CourseCardData {
  /** React key. */
  id: string | number;
  title: string;
  description: string;
  /** The icon's address on this site (a pick from the media library). */
  icon?: string;
}

function CourseCard({ course }: { course: CourseCardData }) {
  const titleId = useId();
  return (
    <li className={styles.course}>
      {course.icon ? (
        <img
          className={styles.courseIcon}
          src={course.icon}
          alt=""
          width={32}
          height={32}
          loading="lazy"
          decoding="async"
        />
      ) : null}
      <h3 id={titleId} className={styles.courseTitle}>
        {course.title}
      </h3>
      <p className={styles.courseText}>{course.description}</p>
      <InquireLink
        describedBy={titleId}
        className={styles.courseButton}
        course={typeof course.id === "number" ? course.id : undefined}
      />
    </li>
  );
}

/** The course cards, each with its Inquire button, in the content's order. */
export function CourseList({ courses }: { courses: readonly CourseCardData[] }) {
  const headingId = useId();
  const { coursesHeading } = useContent("services");
  return (
    <section className={styles.section} aria-labelledby={headingId}>
      <h2 id={headingId} className={styles.heading}>
        {coursesHeading}
      </h2>
      <ul className={styles.courses}>
        {courses.map((course) => (
          <CourseCard key={course.id} course={course} />
        ))}
      </ul>
    </section>
  );
}
