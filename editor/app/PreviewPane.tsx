import { useEffect, useRef, useState } from 'react';
import { fill } from '../../engine/shared/fill.ts';
import { words } from '../words.ts';
import type { Preview } from './api.ts';

const said = words.app.preview;

const WIDTHS = { phone: 390, desktop: 1280 } as const;
type Width = keyof typeof WIDTHS;

/**
 * The page as the site renders it, in a frame as wide as a phone (390 px) or a
 * desktop (1280 px), scaled down to fit beside the form. It follows every
 * version without problems; while there are problems it keeps the last good one.
 */
export function PreviewPane({ preview, note }: { preview: Preview | undefined; note: string | undefined }) {
  const [width, setWidth] = useState<Width>('phone');
  const frame = useRef<HTMLIFrameElement>(null);
  const box = useRef<HTMLDivElement>(null);
  const ready = useRef(false);
  const latest = useRef(preview);
  latest.current = preview;
  const [boxWidth, setBoxWidth] = useState(0);
  const [windowHeight, setWindowHeight] = useState(() => window.innerHeight);
  const [rendered, setRendered] = useState(false);

  useEffect(() => {
    const post = () => {
      if (ready.current && latest.current) frame.current?.contentWindow?.postMessage({ type: 'render', preview: latest.current }, window.location.origin);
    };
    const onMessage = (event: MessageEvent<{ type?: string }>) => {
      if (event.origin !== window.location.origin || event.source !== frame.current?.contentWindow) return;
      if (event.data?.type === 'ready') {
        ready.current = true;
        post();
      } else if (event.data?.type === 'rendered') setRendered(true);
    };
    window.addEventListener('message', onMessage);
    return () => window.removeEventListener('message', onMessage);
  }, []);

  useEffect(() => {
    if (ready.current && preview) frame.current?.contentWindow?.postMessage({ type: 'render', preview }, window.location.origin);
  }, [preview]);

  useEffect(() => {
    if (!box.current) return;
    const observer = new ResizeObserver(([entry]) => setBoxWidth(entry?.contentRect.width ?? 0));
    observer.observe(box.current);
    const onResize = () => setWindowHeight(window.innerHeight);
    window.addEventListener('resize', onResize);
    return () => {
      observer.disconnect();
      window.removeEventListener('resize', onResize);
    };
  }, []);

  const pixels = WIDTHS[width];
  const scale = boxWidth > 0 ? Math.min(1, boxWidth / pixels) : 1;
  // As tall as the window allows; the frame is scaled down with its width, so it is drawn taller to fill the same space.
  const shownHeight = Math.max(420, windowHeight - 170);
  const height = Math.round(shownHeight / scale);
  return (
    <section className="preview" aria-label={said.heading}>
      <div className="preview-bar">
        <h2>{said.heading}</h2>
        <fieldset className="segmented">
          <legend className="sr-only">{said.width}</legend>
          {(Object.keys(WIDTHS) as Width[]).map((w) => (
            <button key={w} type="button" aria-pressed={width === w} onClick={() => setWidth(w)}>
              {fill(said.widthButton, { device: w === 'phone' ? said.phone : said.desktop, pixels: WIDTHS[w] })}
            </button>
          ))}
        </fieldset>
      </div>
      {note ? (
        <p className="preview-note" role="status">
          {note}
        </p>
      ) : null}
      <div className="preview-box" ref={box} style={{ height: shownHeight }}>
        {!rendered ? <p className="preview-loading">{said.drawing}</p> : null}
        <iframe
          ref={frame}
          title={fill(said.frame, { pixels })}
          src="/preview.html"
          data-width={pixels}
          style={{ width: pixels, height, transform: `scale(${scale})` }}
        />
      </div>
    </section>
  );
}
