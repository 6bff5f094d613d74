export { ContactFormIsland } from "./ContactFormIsland";
