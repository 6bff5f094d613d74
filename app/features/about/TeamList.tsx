import { ExternalLink } from "~/components/ExternalLink";
import { ResponsiveImage } from "~/components/ResponsiveImage";
import { useContent } from "~/content/use-content";
import styles from "./About.module.css";

/** Drawn width of a member's photo (CSS `.memberPhoto`), for the browser's choice of file. */
const PHOTO_SIZES = "8rem";

/** The team members staff list, with their roles, external profile links and, when set, photos. */
export function TeamList() {
  const { teamHeading } = useContent("about");
  const team = useContent("team");
  return (
    <section className={styles.section} aria-labelledby="team-heading">
      <h2 id="team-heading" className={styles.heading}>
        {teamHeading}
      </h2>
      <ul className={styles.team}>
        {team.map((member) => (
          <li key={member.profileUrl} className={styles.member}>
            {member.photo ? (
              <ResponsiveImage
                image={member.photo}
                sizes={PHOTO_SIZES}
                className={styles.memberPhoto}
                pictureClassName={styles.memberPicture}
              />
            ) : null}
            <h3 className={styles.memberName}>{member.name}</h3>
            <p className={styles.role}>{member.role}</p>
            <p>{member.bio}</p>
            <ExternalLink
              href={member.profileUrl}
              className={styles.textLink}
              accessibleLabel={`${member.profileLabel}, ${member.name}`}
            >
              {member.profileLabel}
            </ExternalLink>
          </li>
        ))}
      </ul>
    </section>
  );
}
