import { useNavigate } from 'react-router-dom';
import { StatusView } from './StatusView';
import { usePageTitle } from './usePageTitle';

export function NotFoundPage() {
  usePageTitle('Page not found');
  const navigate = useNavigate();
  return (
    <StatusView
      code="404"
      title="Page not found"
      subtitle="The page you are looking for does not exist."
      action={
        <button type="button" className="sx-button sx-button-primary sx-button-inline" onClick={() => navigate('/')}>
          Back to Dashboard
        </button>
      }
    />
  );
}
