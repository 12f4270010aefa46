import { ALERT_SEVERITIES, type AlertSeverity } from '@sixa/contracts/browser';
import { ExperimentOutlined } from '@ant-design/icons';
import { Card, Col, Flex, Row, Typography } from 'antd';
import { AccessButton } from '../../shared/access';
import { errorMessage } from '../../shared/apiError';
import { showErrorAlert } from '../../shared/notifier';
import { useFeedback } from '../../theme/Feedback';
import { capitalise } from './monitoringLabels';
import { MONITORING_ERRORS, useSimulateAlertMutation } from './monitoringApi';

interface SimulationPanelProps {
  connected: boolean;
  refetchAlerts: () => void;
}

const NOTES = [
  'System status updates every 10 seconds over the live stream.',
  'Charts refresh every 30 seconds and cover the last 6 hours.',
  'New and updated alerts arrive live while the stream is connected; otherwise the alert list is reloaded after each simulation.',
  'If the stream drops, the page reconnects after 5 seconds and polls the status meanwhile.',
];

/** Testing & Simulation: raise a test alert of each severity. */
export function SimulationPanel({ connected, refetchAlerts }: SimulationPanelProps) {
  const { message } = useFeedback();
  const [simulateAlert, { isLoading, originalArgs }] = useSimulateAlertMutation();

  const simulate = async (severity: AlertSeverity) => {
    try {
      const alert = await simulateAlert(severity).unwrap();
      message.success(`${alert.title} raised`);
      // Spec s.7: with the stream down, nothing else would bring the new alert.
      if (!connected) refetchAlerts();
    } catch (error) {
      showErrorAlert(errorMessage(error, MONITORING_ERRORS.simulate));
    }
  };

  return (
    <Row gutter={[16, 16]}>
      <Col xs={24} lg={12}>
        <Card title="Alert Simulation" size="small">
          <Flex vertical gap="small">
            {ALERT_SEVERITIES.map((severity) => (
              <AccessButton
                route="POST /monitoring/simulate-alert"
                key={severity}
                icon={<ExperimentOutlined />}
                danger={severity === 'critical' || severity === 'high'}
                loading={isLoading && originalArgs === severity}
                disabled={isLoading}
                onClick={() => void simulate(severity)}
                block
              >
                {`Simulate ${capitalise(severity)} Alert`}
              </AccessButton>
            ))}
          </Flex>
        </Card>
      </Col>
      <Col xs={24} lg={12}>
        <Card title="Live Updates" size="small">
          <ul style={{ margin: 0, paddingInlineStart: 20 }}>
            {NOTES.map((note) => (
              <li key={note}>
                <Typography.Text>{note}</Typography.Text>
              </li>
            ))}
          </ul>
        </Card>
      </Col>
    </Row>
  );
}
