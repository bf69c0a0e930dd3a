import { Component, type ErrorInfo, type ReactNode } from 'react';
import type { UiErrorPage } from '../types.ts';
import styles from './ErrorBoundary.module.css';

interface Props {
  resetKey: string;
  text: UiErrorPage;
  children: ReactNode;
}

interface State {
  error: Error | null;
  resetKey: string;
}

/** The unexpected-error page: shown instead of a broken page, and cleared on the next navigation. */
export class ErrorBoundary extends Component<Props, State> {
  override state: State = { error: null, resetKey: this.props.resetKey };

  static getDerivedStateFromError(error: Error): Partial<State> {
    return { error };
  }

  static getDerivedStateFromProps(props: Props, state: State): Partial<State> | null {
    return props.resetKey !== state.resetKey ? { error: null, resetKey: props.resetKey } : null;
  }

  override componentDidCatch(error: Error, info: ErrorInfo): void {
    console.error('Page failed to render', error, info.componentStack);
  }

  override render() {
    if (!this.state.error) return this.props.children;
    const { text } = this.props;
    return (
      <section className={`section ${styles.fallback}`} role="alert">
        <div className="container">
          <h1>{text.title}</h1>
          <p>{text.text}</p>
          <div className={styles.actions}>
            <button type="button" className="button" onClick={() => window.location.reload()}>
              {text.retry}
            </button>
            <a href="/" className="button button--secondary">
              {text.home}
            </a>
          </div>
        </div>
      </section>
    );
  }
}
