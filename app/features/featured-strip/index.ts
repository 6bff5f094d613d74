export { FeaturedStrip } from "./FeaturedStrip";
