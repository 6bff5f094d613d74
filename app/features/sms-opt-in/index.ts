export { SmsOptInForm, type SmsOptInFormProps } from "./SmsOptInForm";
