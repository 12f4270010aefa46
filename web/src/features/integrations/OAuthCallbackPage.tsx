import { Button, Card, Flex, Result, Spin, Typography } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { useAppSelector } from '../../shared/hooks';
import { errorMessage } from '../../shared/apiError';
import { usePageTitle } from '../../shared/usePageTitle';
import { selectCurrentUser } from '../auth/authSlice';
import { INTEGRATION_ERRORS, useCompleteOAuthMutation } from './integrationsApi';
import {
  notifyOpener,
  providerErrorText,
  resultMessage,
  takePending,
  type OAuthOutcome,
  type PendingAuthorization,
} from './oauthFlow';

/** Where a same-window flow returns, with its outcome for the hub to show. */
export const HUB_PATH = '/integrations';
export interface HubLocationState {
  oauthOutcome?: OAuthOutcome & { platform_name: string };
}

const UNKNOWN_STATE =
  'This sign-in cannot be completed here: it was started in another browser, already used, or is more than 10 minutes old. Start it again from the Integrations Hub.';

/**
 * Where the provider sends the user back (`?code=&state=` or `?error=&state=`): completes the
 * connection with the signed-in session, tells the Integrations Hub, and closes (a popup) or goes
 * back to the hub (a same-window flow). Outside the workspace's layout: it is a popup's page.
 */
export default function OAuthCallbackPage() {
  usePageTitle('Connecting…');
  const { search } = useLocation();
  const navigate = useNavigate();
  const user = useAppSelector(selectCurrentUser);
  const [complete] = useCompleteOAuthMutation();
  const [outcome, setOutcome] = useState<(OAuthOutcome & { platform_name: string }) | null>(null);
  const started = useRef(false);

  useEffect(() => {
    if (started.current || !user) return;
    started.current = true;
    const params = new URLSearchParams(search);
    const state = params.get('state') ?? '';
    const pending: PendingAuthorization | null = state ? takePending(state) : null;
    const platformName = pending?.platform_name ?? 'the platform';

    const finish = (result: OAuthOutcome) => {
      const shown = { ...result, platform_name: platformName };
      if (pending?.mode === 'redirect') {
        navigate(HUB_PATH, { replace: true, state: { oauthOutcome: shown } satisfies HubLocationState });
        return;
      }
      notifyOpener(resultMessage(state, platformName, result));
      setOutcome(shown);
      // A window a script opened can close itself; if the browser refuses, the page says what happened.
      if (pending?.mode === 'popup') window.setTimeout(() => window.close(), 300);
    };

    if (!pending) return finish({ ok: false, detail: UNKNOWN_STATE });
    const error = params.get('error');
    if (error)
      return finish({ ok: false, detail: providerErrorText(error, params.get('error_description'), platformName) });
    const code = params.get('code');
    if (!code) return finish({ ok: false, detail: `${platformName} sent no authorization code.` });
    complete({ platform_id: pending.platform_id, code, state, user_id: user.id })
      .unwrap()
      .then((connection) => finish({ ok: true, connection_name: connection.connection_name }))
      .catch((e: unknown) => finish({ ok: false, detail: errorMessage(e, INTEGRATION_ERRORS.callback) }));
  }, [complete, navigate, search, user]);

  return (
    <Flex justify="center" align="center" style={{ minHeight: '100vh', padding: 24 }}>
      <Card style={{ maxWidth: 480, width: '100%' }}>
        {outcome === null ? (
          <Flex vertical align="center" gap="middle" role="status">
            <Spin size="large" />
            <Typography.Text>Completing the connection…</Typography.Text>
          </Flex>
        ) : (
          <Result
            status={outcome.ok ? 'success' : 'error'}
            title={outcome.ok ? `Connected to ${outcome.platform_name}` : 'The connection was not made'}
            subTitle={
              <span role={outcome.ok ? 'status' : 'alert'}>
                {outcome.ok ? `${outcome.connection_name} is ready. You can close this window.` : outcome.detail}
              </span>
            }
            extra={
              <Flex gap="small" justify="center" wrap>
                <Button type="primary" onClick={() => window.close()}>
                  Close Window
                </Button>
                <Button onClick={() => navigate(HUB_PATH)}>Back to Integrations Hub</Button>
              </Flex>
            }
          />
        )}
      </Card>
    </Flex>
  );
}
