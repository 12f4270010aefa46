import { Button, Result } from 'antd';
import { useRouteError } from 'react-router-dom';

/** A screen failed to load or render (e.g. a stale code chunk after a new release). */
export function RouteErrorPage() {
  const error = useRouteError();
  console.error('Screen failed', error);
  return (
    <Result
      status="error"
      title="Something went wrong"
      subTitle="This screen could not be shown. Reloading usually fixes it."
      extra={
        <Button type="primary" onClick={() => window.location.reload()}>
          Reload
        </Button>
      }
    />
  );
}
