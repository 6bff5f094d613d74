export { ServicesDesktop, ServicesMobile } from "./ServicesPage";
