/**
 * Contact form text (desktop and mobile).
 * Field labels are also the fields' accessible names; keep them short and clear.
 */

export interface ContactField {
  label: string;
  /** Browser autofill hint. */
  autoComplete: string;
}

export interface ContactContent {
  heading: string;
  intro: string;
  fields: {
    firstName: ContactField;
    lastName: ContactField;
    email: ContactField;
    message: ContactField;
  };
  submit: string;
  sending: string;
  success: string;
  failure: string;
}

export const contact: ContactContent = {
  heading: "Contact us",
  intro:
    "Tell us a little about your project, your community or the course you have in mind. We read every message and will get back to you as soon as we can.",
  fields: {
    firstName: { label: "First name", autoComplete: "given-name" },
    lastName: { label: "Last name", autoComplete: "family-name" },
    email: { label: "Email", autoComplete: "email" },
    message: { label: "Message", autoComplete: "off" },
  },
  submit: "Submit",
  sending: "Sending...",
  success: "Message sent successfully!",
  failure: "Failed to send message. Please try again.",
};
