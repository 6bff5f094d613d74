export { SmsOptInFormIsland } from "./SmsOptInFormIsland";
