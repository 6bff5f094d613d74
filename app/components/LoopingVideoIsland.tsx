import { useContent } from "~/content/use-content";
import { Island } from "~/islands/Island";
import { LoopingVideo, type LoopingVideoProps } from "./LoopingVideo";

/**
 * A looping video. With its own pause/play button it is an island (docs/decisions/024) that
 * names its files only once hydrated and near the viewport (LoopingVideo, decision 043), so a
 * browser without JavaScript gets the same video with the browser's controls from a <noscript>
 * (which a browser with scripting never parses, so nothing in it is fetched), and the island's
 * empty frame is hidden there. With the browser's controls it needs no script (the page's inline
 * script keeps it still under reduced motion), so it stays plain HTML.
 */
export function LoopingVideoIsland(props: Omit<LoopingVideoProps, "labels">) {
  const { pauseVideo, playVideo } = useContent("layout").ui;
  const all = { ...props, labels: { pauseVideo, playVideo } };
  if (props.controls) return <LoopingVideo {...all} />;
  return (
    <>
      <Island name="looping-video" component={LoopingVideo} props={all} />
      <noscript>
        <LoopingVideo {...all} controls />
      </noscript>
    </>
  );
}
