// A screen whose code cannot be loaded (the renderer was rebuilt under an open browser-mode
// page, or its file is unreadable) says so and offers a reload, instead of React unmounting the
// whole app into a white page. React.lazy keeps a failed load, so only a reload can retry it.
import { Component, type ReactNode } from 'react';
import { useT } from '../i18n/use-t';

type Props = { children: ReactNode; screen: string };
type State = { failed: boolean };

export class ViewErrorBoundary extends Component<Props, State> {
  override state: State = { failed: false };

  static getDerivedStateFromError(): State {
    return { failed: true };
  }

  override componentDidUpdate(previous: Props) {
    // Another screen chosen with the F-keys gets its own chance.
    if (previous.screen !== this.props.screen && this.state.failed)
      this.setState({ failed: false });
  }

  override render() {
    return this.state.failed ? <ViewFailed /> : this.props.children;
  }
}

function ViewFailed() {
  const t = useT();
  return (
    <section className="guidance guidance--error" role="alert" aria-labelledby="view-failed-title">
      <h1 id="view-failed-title">{t('view.failed.title')}</h1>
      <p>{t('view.failed.steps')}</p>
      <button type="button" className="button button--primary" onClick={() => location.reload()}>
        {t('view.failed.reload')}
      </button>
    </section>
  );
}
