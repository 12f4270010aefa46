import { PRODUCT_NAME } from './brand';

export const LOADING_TEXT = 'Setting up your AI-powered business platform...';

/** Full-screen view while the app initialises or the stored session is being checked (no antd). */
export function LoadingScreen() {
  return (
    <div className="sx-screen" role="status" aria-live="polite">
      <div className="sx-stack">
        <span className="sx-spinner" aria-hidden="true" />
        <h1 className="sx-title">{PRODUCT_NAME} AI Workspace</h1>
        <p className="sx-muted">{LOADING_TEXT}</p>
      </div>
    </div>
  );
}
