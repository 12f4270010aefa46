import { useState } from 'react';
import { errorMessage } from '../../shared/apiError';
import { BasicAlert } from '../../shared/BasicAlert';
import { DEMO_USERS_FAILED, useInitializeDemoUsersMutation } from './authApi';
import { DEMO_ACCOUNTS, type DemoAccount } from './demoAccounts';

/** Creates the demo users, then offers to fill the form with their credentials. */
export function DemoAccess({ onPick }: { onPick: (account: DemoAccount) => void }) {
  const [initialize, { isLoading }] = useInitializeDemoUsersMutation();
  const [available, setAvailable] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const initializeDemoUsers = async () => {
    setError(null);
    try {
      await initialize().unwrap();
      setAvailable(true);
    } catch (caught) {
      setError(errorMessage(caught, DEMO_USERS_FAILED));
    }
  };

  return (
    <section aria-labelledby="demo-access-title">
      <p className="sx-divider" id="demo-access-title">
        Demo Access
      </p>
      <div className="sx-stack-small">
        {available ? (
          Object.values(DEMO_ACCOUNTS).map((account) => (
            <button key={account.email} type="button" className="sx-button" onClick={() => onPick(account)}>
              {account.label}
            </button>
          ))
        ) : (
          <button
            type="button"
            className="sx-button"
            disabled={isLoading}
            aria-busy={isLoading}
            onClick={() => void initializeDemoUsers()}
          >
            {isLoading ? <span className="sx-spinner sx-spinner-small" aria-hidden="true" /> : null}
            Initialize Demo Users
          </button>
        )}
        {error ? <BasicAlert type="warning">{error}</BasicAlert> : null}
      </div>
    </section>
  );
}
