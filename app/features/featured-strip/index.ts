export { FeaturedStrip, type FeaturedStripProps } from "./FeaturedStrip";
