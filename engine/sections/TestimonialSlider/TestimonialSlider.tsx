import { useUi } from '../../runtime/contexts.tsx';
import { fill } from '../../runtime/text.ts';
import type { TestimonialSliderSection } from '../../types.ts';
import { SectionShell } from '../../ui/SectionShell.tsx';
import { SlideControls } from '../../ui/SlideControls.tsx';
import { useAutoplay } from '../../ui/useAutoplay.ts';
import styles from './TestimonialSlider.module.css';

/** Quotes that slide sideways (spec: 5000 ms each, 500 ms slide for donors). */
export default function TestimonialSlider({ id, title, intervalMs, transitionMs, slides }: TestimonialSliderSection) {
  const ui = useUi().media;
  const play = useAutoplay(slides.length, intervalMs);
  const duration = play.reducedMotion ? 0 : transitionMs;
  return (
    <SectionShell id={id} title={title} tone="alt">
      <section
        ref={play.rootRef}
        className={styles.carousel}
        aria-roledescription="carousel"
        aria-label={title}
        style={{ '--script-slide': play.index } as React.CSSProperties}
        {...play.handlers}
      >
        <div className={styles.viewport} aria-live={play.running ? 'off' : 'polite'}>
          <div className={styles.track} style={{ transitionDuration: `${duration}ms` }}>
            {slides.map((slide, i) => {
              const active = i === play.index;
              return (
                // biome-ignore lint/a11y/useSemanticElements: the APG carousel pattern: each slide is a group with the role description "slide" (a fieldset is for form controls)
                <div
                  key={slide.name}
                  className={styles.slide}
                  data-active={active}
                  role="group"
                  aria-roledescription="slide"
                  aria-label={fill(ui.slide, { number: i + 1, total: slides.length })}
                  aria-hidden={!active}
                  inert={!active}
                >
                  <figure className={styles.figure}>
                    <blockquote className={styles.quote}>
                      <p>{slide.quote}</p>
                    </blockquote>
                    <figcaption>
                      <span className={styles.name}>{slide.name}</span>
                      <span className={styles.role}>{slide.role}</span>
                    </figcaption>
                  </figure>
                </div>
              );
            })}
          </div>
        </div>
        <SlideControls
          count={slides.length}
          initial={0}
          ready={play.ready}
          onPrevious={play.previous}
          onNext={play.next}
          onGoTo={play.goTo}
          onPausedChange={play.setPaused}
        />
      </section>
    </SectionShell>
  );
}
