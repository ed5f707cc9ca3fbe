import { Component, type ReactNode } from 'react';
import { PageUpdatedNotice } from '../shared/PageUpdatedNotice.tsx';
import { texts } from '../shared/texts.ts';

/**
 * A screen that throws while it renders shows the office's words, its phone and a Reload rather
 * than a blank page. Every answer is read by its contract before a screen uses it, except the
 * data the page was served with, which is read once the first call brings the parser (decision
 * 0056): data the server got wrong could reach a screen before that, and would end here.
 */
export class RenderFailure extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError(): { failed: boolean } {
    return { failed: true };
  }

  override render() {
    return this.state.failed ? <PageUpdatedNotice title={texts.pageFailed} /> : this.props.children;
  }
}
