import type { Migration } from "kysely/migration";
import * as foundation from "./001-foundation.js";
import * as contactAndSms from "./002-contact-and-sms.js";
import * as consentHistoryAndLimits from "./003-consent-history-and-limits.js";
import * as siteContent from "./004-site-content.js";
import * as media from "./005-media.js";
import * as formOutcomes from "./006-form-outcomes.js";
import * as staffAccounts from "./007-staff-accounts.js";
import * as eventsCollection from "./008-events-collection.js";
import * as auditLog from "./009-audit-log.js";
import * as staffMail from "./010-staff-mail.js";
import * as secondFactors from "./011-second-factors.js";
import * as revisionAuthors from "./012-revision-authors.js";
import * as sitePictures from "./013-site-pictures.js";
import * as invitationSenders from "./014-invitation-senders.js";
import * as texts from "./015-texts.js";
import * as statisticsAndRedirects from "./016-statistics-and-redirects.js";
import * as organisationAndInquiryCourse from "./018-organisation-and-inquiry-course.js";
import * as reminderTimes from "./019-reminder-times.js";

/**
 * Every migration, in order. Features append their own here; names never change once released.
 */
export const migrations: Record<string, Migration> = {
  "001-foundation": foundation,
  "002-contact-and-sms": contactAndSms,
  "003-consent-history-and-limits": consentHistoryAndLimits,
  "004-site-content": siteContent,
  "005-media": media,
  "006-form-outcomes": formOutcomes,
  "007-staff-accounts": staffAccounts,
  "008-events-collection": eventsCollection,
  "009-audit-log": auditLog,
  "010-staff-mail": staffMail,
  "011-second-factors": secondFactors,
  "012-revision-authors": revisionAuthors,
  "013-site-pictures": sitePictures,
  "014-invitation-senders": invitationSenders,
  "015-texts": texts,
  "016-statistics-and-redirects": statisticsAndRedirects,
  "018-organisation-and-inquiry-course": organisationAndInquiryCourse,
  "019-reminder-times": reminderTimes,
};
