import { StatusView } from './StatusView';

/** In place of a screen that failed to load or render (see RouteErrorBoundary). */
export function RouteErrorPage() {
  return (
    <StatusView
      code="!"
      title="Something went wrong"
      subtitle="This screen could not be shown. Reloading usually fixes it."
      action={
        <button
          type="button"
          className="sx-button sx-button-primary sx-button-inline"
          onClick={() => window.location.reload()}
        >
          Reload
        </button>
      }
    />
  );
}
