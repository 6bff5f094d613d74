export { InvitationPage } from "./InvitationPage";
export { ResetPage, ResetRequestPage } from "./ResetPage";
export { SetupPage } from "./SetupPage";
