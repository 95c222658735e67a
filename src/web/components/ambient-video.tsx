import { useLingui } from "@lingui/react/macro";
import { useEffect, useRef, useState } from "react";
import { reducedMotionQuery } from "../styles/breakpoints.ts";
import { type MediaName, Picture } from "./picture.tsx";
import "./ambient-video.css";

export type VideoName = "hero" | "shop-1" | "shop-2" | "contact";

interface AmbientVideoProps {
  video: VideoName;
  poster: MediaName;
  /** `sizes` of the poster image. */
  sizes: string;
  /** Above the fold: the poster is fetched first. */
  priority?: boolean;
  className?: string;
}

/**
 * A silent, looping, decorative video (autoplay, muted, loop, playsInline in effect). Its poster is a responsive
 * <Picture> under the video rather than the `poster` attribute, which takes one fixed file: the browser picks the
 * AVIF or WebP size it needs, and the image is the page's largest paint. The video loads nothing until it plays,
 * plays only while on screen, never by itself under prefers-reduced-motion, and has a Pause/Play button
 * (moving content that lasts has to be stoppable).
 */
export function AmbientVideo({ video, poster, sizes, priority = false, className }: AmbientVideoProps) {
  const { t } = useLingui();
  const videoRef = useRef<HTMLVideoElement>(null);
  const [playing, setPlaying] = useState(false);
  const [started, setStarted] = useState(false);
  const [pausedByUser, setPausedByUser] = useState(false);

  useEffect(() => {
    const element = videoRef.current;
    if (!element || pausedByUser || window.matchMedia(reducedMotionQuery).matches) return;
    element.muted = true;
    const observer = new IntersectionObserver(([entry]) => {
      if (entry?.isIntersecting) element.play().catch(() => setPlaying(false));
      else element.pause();
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, [pausedByUser]);

  const toggle = () => {
    const element = videoRef.current;
    if (!element) return;
    if (element.paused) {
      element.muted = true;
      setPausedByUser(false);
      element.play().catch(() => setPlaying(false));
    } else {
      setPausedByUser(true);
      element.pause();
    }
  };

  return (
    <div className={["ambient-video", className].filter(Boolean).join(" ")}>
      <Picture name={poster} alt="" sizes={sizes} priority={priority} className="ambient-video__poster" />
      <video
        ref={videoRef}
        className="ambient-video__video"
        data-started={started}
        muted
        loop
        playsInline
        preload="none"
        aria-hidden="true"
        tabIndex={-1}
        onPlaying={() => {
          setPlaying(true);
          setStarted(true);
        }}
        onPause={() => setPlaying(false)}
      >
        <source src={`/media/${video}.webm`} type="video/webm" />
        <source src={`/media/${video}.mp4`} type="video/mp4" />
      </video>
      <button type="button" className="ambient-video__toggle" onClick={toggle}>
        {playing ? (
          <svg aria-hidden="true" width="14" height="14" viewBox="0 0 14 14">
            <path d="M3 2h3v10H3zM8 2h3v10H8z" fill="currentColor" />
          </svg>
        ) : (
          <svg aria-hidden="true" width="14" height="14" viewBox="0 0 14 14">
            <path d="M3 1.5v11l9-5.5z" fill="currentColor" />
          </svg>
        )}
        <span className="visually-hidden">{playing ? t`Pause video` : t`Play video`}</span>
      </button>
    </div>
  );
}
