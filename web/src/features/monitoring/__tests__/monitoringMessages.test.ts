import { buildAlert, buildStatus } from './monitoringBackend';
import { monitoringStreamUrl, parseMonitoringMessage } from '../monitoringMessages';
import { withNewAlert, withUpdatedAlert } from '../monitoringApi';

describe('monitoring stream messages', () => {
  it('addresses the stream on the page host, over wss on https pages', () => {
    expect(monitoringStreamUrl({ protocol: 'https:', host: 'sixa.example.com' })).toBe(
      'wss://sixa.example.com/ws/monitoring',
    );
    expect(monitoringStreamUrl({ protocol: 'http:', host: 'localhost:5173' })).toBe(
      'ws://localhost:5173/ws/monitoring',
    );
  });

  it('accepts the three known message types and drops everything else', () => {
    const status = buildStatus();
    const alert = buildAlert();
    expect(parseMonitoringMessage(JSON.stringify({ type: 'system_status', data: status }))).toEqual({
      type: 'system_status',
      data: status,
    });
    expect(parseMonitoringMessage(JSON.stringify({ type: 'new_alert', data: alert }))?.type).toBe('new_alert');
    expect(parseMonitoringMessage(JSON.stringify({ type: 'alert_updated', data: alert }))?.type).toBe('alert_updated');

    expect(parseMonitoringMessage('{not json')).toBeNull();
    expect(parseMonitoringMessage(JSON.stringify({ type: 'heartbeat' }))).toBeNull();
    expect(
      parseMonitoringMessage(JSON.stringify({ type: 'new_alert', data: { ...alert, severity: 'urgent' } })),
    ).toBeNull();
    expect(parseMonitoringMessage(JSON.stringify(null))).toBeNull();
    expect(parseMonitoringMessage(new ArrayBuffer(2))).toBeNull();
  });

  it('keeps the live list of open alerts newest first, unique by id and at most 10 long', () => {
    const listed = Array.from({ length: 10 }, () => buildAlert());
    const fresh = buildAlert();

    const next = withNewAlert(listed, fresh);
    expect(next.map(({ id }) => id)).toEqual([fresh.id, ...listed.slice(0, 9).map(({ id }) => id)]);

    const again = withNewAlert(next, { ...listed[3], title: 'Changed' });
    expect(again).toHaveLength(10);
    expect(again[0]).toMatchObject({ id: listed[3].id, title: 'Changed' });
    expect(again.filter(({ id }) => id === listed[3].id)).toHaveLength(1);

    const acknowledged = withUpdatedAlert(listed, { ...listed[5], status: 'acknowledged' });
    expect(acknowledged[5].status).toBe('acknowledged');
    const resolved = withUpdatedAlert(listed, { ...listed[5], status: 'resolved' });
    expect(resolved.map(({ id }) => id)).toEqual(listed.filter((_, i) => i !== 5).map(({ id }) => id));
    expect(withUpdatedAlert(listed, buildAlert())).toEqual(listed);
    // A resolved alert never enters the list of open alerts.
    expect(withNewAlert(listed.slice(0, 3), buildAlert({ status: 'resolved' }))).toEqual(listed.slice(0, 3));
  });
});
