import type { HomeContent } from "../home.js";

/** The virtual reality clip, shown by the first featured project and the mobile home page. */
export const vrVideo: HomeContent["mobile"]["vrBlock"]["video"] = {
  src: "/video/calm-waves.mp4",
  sources: [
    { src: "/video/calm-waves.webm", type: "video/webm" },
    { src: "/video/calm-waves.mp4", type: "video/mp4" },
  ],
  poster: "/video/calm-waves-poster.webp",
  width: 640,
  height: 360,
  label: "Soft waves of teal and blue light drifting slowly across the screen",
};
