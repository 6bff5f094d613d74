export { ContactForm, type ContactFormProps } from "./ContactForm";
