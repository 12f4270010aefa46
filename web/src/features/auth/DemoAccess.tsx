import { Alert, Button, Divider, Flex, Typography } from 'antd';
import { useState } from 'react';
import { errorMessage } from '../../shared/apiError';
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
      <Divider>
        <Typography.Text type="secondary" id="demo-access-title">
          Demo Access
        </Typography.Text>
      </Divider>
      <Flex vertical gap="small">
        {available ? (
          Object.values(DEMO_ACCOUNTS).map((account) => (
            <Button key={account.email} block onClick={() => onPick(account)}>
              {account.label}
            </Button>
          ))
        ) : (
          <Button block loading={isLoading} onClick={initializeDemoUsers}>
            Initialize Demo Users
          </Button>
        )}
        {error ? <Alert type="warning" showIcon title={error} /> : null}
      </Flex>
    </section>
  );
}
