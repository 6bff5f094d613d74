export { SmsOptInForm } from "./SmsOptInForm";
