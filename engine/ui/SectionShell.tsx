import { createContext, type ReactNode, useContext, useId } from 'react';

export type HeadingTag = 'h1' | 'h2' | 'h3' | 'h4' | 'h5' | 'h6';

interface SectionPlace {
  /** The first section with a heading carries the page's h1; the rest use h2; parts inside a section go one lower. */
  headingLevel: number;
}

export const SectionPlaceContext = createContext<SectionPlace>({ headingLevel: 2 });

function tag(level: number): HeadingTag {
  return `h${Math.min(6, Math.max(1, level))}` as HeadingTag;
}

export function useHeadingLevel(): number {
  return useContext(SectionPlaceContext).headingLevel;
}

export function useHeadingTag(): HeadingTag {
  return tag(useHeadingLevel());
}

/** Whether this section opens the page (it carries the h1): its picture is then the likely largest paint, fetched first. */
export function useIsLeadSection(): boolean {
  return useHeadingLevel() === 1;
}

/** The tag for headings inside a section, one level below the section's own heading. */
export function useSubheadingTag(): HeadingTag {
  return tag(useHeadingLevel() + 1);
}

/** The heading tag `offset` levels below the section's own heading (2 for headings inside sub-parts). */
export function useHeadingTagBelow(offset: number): HeadingTag {
  return tag(useHeadingLevel() + offset);
}

/** Renders children as if they were sections one level below the current one (for sections made of sub-sections). */
export function NestedSections({ children }: { children: ReactNode }) {
  const level = useHeadingLevel();
  return <SectionPlaceContext.Provider value={{ headingLevel: level + 1 }}>{children}</SectionPlaceContext.Provider>;
}

export interface SectionShellProps {
  id?: string | undefined;
  title?: string | undefined;
  intro?: string | undefined;
  tone?: 'plain' | 'alt' | 'tint';
  className?: string | undefined;
  children: ReactNode;
  /** Content drawn beside the heading, such as a pause button. */
  aside?: ReactNode;
}

/** The frame of every section: anchor id, heading at the right level, intro, and the page's container width. */
export function SectionShell({ id, title, intro, tone = 'plain', className, children, aside }: SectionShellProps) {
  const Heading = useHeadingTag();
  const headingId = useId();
  const classes = ['section', tone === 'alt' ? 'section--alt' : tone === 'tint' ? 'section--tint' : '', className ?? ''].filter(Boolean).join(' ');
  return (
    <section id={id} className={classes} aria-labelledby={title ? headingId : undefined}>
      <div className="container">
        {title ? (
          <div className={aside ? 'section-head section-head--aside' : 'section-head'}>
            <Heading id={headingId} className="section-heading">
              {title}
            </Heading>
            {aside}
          </div>
        ) : null}
        {intro ? <p className="section-intro">{intro}</p> : null}
        {children}
      </div>
    </section>
  );
}
