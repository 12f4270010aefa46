import { Alert } from 'antd';
import { errorMessage } from './apiError';

interface FormErrorProps {
  error: unknown;
  fallback: string;
  /** The fallback as the headline, and the server's reason (when it gave one) under it. */
  headline?: boolean;
}

/** Why the last save failed (the server's detail), inside the form rather than as a global notice. */
export function FormError({ error, fallback, headline = false }: FormErrorProps) {
  if (!error) return null;
  const detail = errorMessage(error, fallback);
  if (!headline) return <Alert type="error" showIcon title={detail} style={{ marginBottom: 16 }} />;
  return (
    <Alert
      type="error"
      showIcon
      title={fallback}
      description={detail === fallback ? undefined : detail}
      style={{ marginBottom: 16 }}
    />
  );
}
