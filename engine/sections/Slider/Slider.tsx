import { useUi } from '../../runtime/contexts.tsx';
import { fill } from '../../runtime/text.ts';
import type { SliderSection } from '../../types.ts';
import { ActionLink } from '../../ui/ActionLink.tsx';
import { SlideControls } from '../../ui/SlideControls.tsx';
import { useAutoplay } from '../../ui/useAutoplay.ts';
import styles from './Slider.module.css';

/** Pictures that fade into one another (spec: 4000 ms each, 800 ms fade on the donation page). */
export default function Slider({ id, intervalMs, transitionMs, slides, action }: SliderSection) {
  const ui = useUi().media;
  const play = useAutoplay(slides.length, intervalMs);
  const fade = play.reducedMotion ? 0 : transitionMs;
  return (
    <section ref={play.rootRef} id={id} className={styles.slider} aria-roledescription="carousel" aria-label={slides[0]?.title} {...play.handlers}>
      <div className={styles.stage} aria-live={play.running ? 'off' : 'polite'}>
        {slides.map((slide, i) => {
          const active = i === play.index;
          return (
            // biome-ignore lint/a11y/useSemanticElements: the APG carousel pattern: each slide is a group with the role description "slide" (a fieldset is for form controls)
            <div
              key={JSON.stringify(slide)}
              className={styles.slide}
              data-active={active}
              role="group"
              aria-roledescription="slide"
              aria-label={fill(ui.slide, { number: i + 1, total: slides.length })}
              aria-hidden={!active}
              inert={!active}
              style={{ transitionDuration: `${fade}ms` }}
            >
              <img
                src={slide.image}
                alt=""
                width={640}
                height={400}
                className={styles.image}
                loading={i === 0 ? 'eager' : 'lazy'}
                fetchPriority={i === 0 ? 'high' : 'auto'}
              />
              <div className={styles.caption}>
                <div className="container">
                  <p className={styles.title}>{slide.title}</p>
                  {slide.text ? <p className={styles.text}>{slide.text}</p> : null}
                  {action ? <ActionLink action={action} className="button--accent" /> : null}
                </div>
              </div>
            </div>
          );
        })}
      </div>
      <div className="container">
        <SlideControls
          count={slides.length}
          initial={0}
          ready={play.ready}
          onPrevious={play.previous}
          onNext={play.next}
          onGoTo={play.goTo}
          onPausedChange={play.setPaused}
        />
      </div>
    </section>
  );
}
