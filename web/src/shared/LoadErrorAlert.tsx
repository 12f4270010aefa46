import { ReloadOutlined } from '@ant-design/icons';
import { Alert, Button } from 'antd';
import { errorMessage } from './apiError';

interface LoadErrorAlertProps {
  error: unknown;
  /** The spec's (or our) fallback text when the server gave no detail. */
  fallback: string;
  onRetry: () => void;
}

/** A list that failed to load: the reason and a Retry button. Renders nothing without an error. */
export function LoadErrorAlert({ error, fallback, onRetry }: LoadErrorAlertProps) {
  if (!error) return null;
  return (
    <Alert
      type="error"
      showIcon
      title={errorMessage(error, fallback)}
      action={
        <Button size="small" icon={<ReloadOutlined />} onClick={onRetry}>
          Retry
        </Button>
      }
    />
  );
}
