import { Alert } from 'antd';
import { errorMessage } from './apiError';

/** Why the last save failed (the server's detail), inside the form rather than as a global notice. */
export function FormError({ error, fallback }: { error: unknown; fallback: string }) {
  if (!error) return null;
  return <Alert type="error" showIcon title={errorMessage(error, fallback)} style={{ marginBottom: 16 }} />;
}
