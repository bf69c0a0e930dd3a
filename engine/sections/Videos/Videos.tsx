import { useEffect, useRef, useState } from 'react';
import { useUi } from '../../runtime/contexts.tsx';
import type { VideoItem, VideosSection } from '../../types.ts';
import { PauseIcon, PlayIcon } from '../../ui/icons.tsx';
import { SectionShell, useSubheadingTag } from '../../ui/SectionShell.tsx';
import styles from './Videos.module.css';

function Video({ video }: { video: VideoItem }) {
  const ui = useUi().media;
  const ref = useRef<HTMLVideoElement>(null);
  const [playing, setPlaying] = useState(false);
  const Heading = useSubheadingTag();
  useEffect(() => {
    const element = ref.current;
    if (!element) return;
    const sync = () => setPlaying(!element.paused && !element.ended);
    element.addEventListener('play', sync);
    element.addEventListener('pause', sync);
    element.addEventListener('ended', sync);
    return () => {
      element.removeEventListener('play', sync);
      element.removeEventListener('pause', sync);
      element.removeEventListener('ended', sync);
    };
  }, []);
  const toggle = () => {
    const element = ref.current;
    if (!element) return;
    if (element.paused || element.ended) void element.play().catch(() => setPlaying(false));
    else element.pause();
  };
  return (
    <figure className={`card ${styles.card}`}>
      <div className={styles.frame}>
        <video
          ref={ref}
          src={video.src}
          poster={video.poster}
          preload="none"
          playsInline
          muted
          className={styles.video}
          onClick={toggle}
          width={640}
          height={360}
        />
        <button type="button" className={styles.toggle} onClick={toggle} aria-pressed={playing} data-playing={playing}>
          {playing ? <PauseIcon /> : <PlayIcon />}
          <span>{playing ? ui.pause : ui.play}</span>
          <span className="sr-only">: {video.title}</span>
        </button>
      </div>
      <figcaption className={styles.caption}>
        <Heading className={styles.title}>{video.title}</Heading>
        {video.caption ? <p>{video.caption}</p> : null}
      </figcaption>
    </figure>
  );
}

export default function Videos({ id, title, intro, videos }: VideosSection) {
  return (
    <SectionShell id={id} title={title} intro={intro}>
      <div className="grid grid--2">
        {videos.map((video) => (
          <Video key={video.src} video={video} />
        ))}
      </div>
    </SectionShell>
  );
}
