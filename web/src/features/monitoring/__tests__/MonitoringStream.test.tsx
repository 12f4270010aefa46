import { act, screen, waitFor } from '@testing-library/react';
import { deferredReply } from '../../../test/mockApi';
import { employeeUser } from '../../../test/factories';
import { TEST_TOKEN } from '../../../test/renderApp';
import { installFakeWebSocket } from './fakeWebSocket';
import { buildAlert, buildStatus, monitoringBackend, ROUTES } from './monitoringBackend';
import { openMonitoring, statistic } from './monitoringPage';

jest.mock('highcharts', () => ({}));
jest.mock('highcharts/modules/accessibility', () => ({}));
jest.mock('highcharts-react-official', () => ({ __esModule: true, HighchartsReact: () => null }));

const employee = employeeUser();
const sockets = installFakeWebSocket();

afterEach(() => {
  jest.useRealTimers();
});

/** Timers only: the fetch stub reads request bodies through Node streams, which need the real ticks. */
const fakeTimers = () => jest.useFakeTimers({ doNotFake: ['nextTick', 'setImmediate', 'queueMicrotask'] });

const dot = (state: 'Connected' | 'Disconnected') => screen.getByRole('img', { name: state });
/**
 * The stream writes to the RTK Query cache, and the store tells the page about cache changes on
 * the next frame: the screen follows a socket event a moment later, not inside it.
 */
const shownDot = (state: 'Connected' | 'Disconnected') => screen.findByRole('img', { name: state });

/** The alert titles in the Alerts tab, in order. */
function listedAlerts() {
  return screen.queryAllByRole('article').map((card) => card.getAttribute('aria-label'));
}

describe('Monitoring live stream', () => {
  it('opens /ws/monitoring with the monitoring subprotocol and the token, and shows when it is connected', async () => {
    monitoringBackend(employee);
    await openMonitoring(employee);

    const socket = sockets.latest();
    expect(socket.url).toBe(`ws://${window.location.host}/ws/monitoring`);
    expect(socket.protocols).toEqual(['sixa.monitoring.v1', `bearer.${TEST_TOKEN}`]);
    // StrictMode mounts twice: every socket but the one in use was closed by the page.
    expect(sockets.sockets.filter((other) => other !== socket).every((other) => other.closedByClient)).toBe(true);
    expect(dot('Disconnected')).toHaveAttribute('title', 'Disconnected');
    expect(statistic('Data Stream')).toHaveTextContent('Offline');

    socket.serverOpens();

    expect(await shownDot('Connected')).toHaveAttribute('title', 'Connected');
    expect(statistic('Data Stream')).toHaveTextContent('Live');

    socket.fails();
    expect(await shownDot('Disconnected')).toBeInTheDocument();
  });

  it('replaces the status with each system_status message, and ignores HTTP answers while connected', async () => {
    const httpStatus = deferredReply();
    monitoringBackend(employee, { status: httpStatus.handler });
    await openMonitoring(employee, { waitForContent: false });
    await waitFor(() => expect(sockets.sockets.length).toBeGreaterThan(0));

    const socket = sockets.latest();
    socket.serverOpens();
    socket.serverSends({
      type: 'system_status',
      data: buildStatus({ overall_health: 'warning', cpu_usage: 77.7, uptime: 48, active_alerts: 4 }),
    });
    httpStatus.release({ body: buildStatus({ overall_health: 'healthy', cpu_usage: 11.1 }) });

    await screen.findByText('System Health');
    expect(statistic('System Health')).toHaveTextContent('Warning');
    expect(statistic('CPU Usage')).toHaveTextContent('77.7%');
    expect(statistic('Active Alerts')).toHaveTextContent('4');
    expect(statistic('Days Uptime')).toHaveTextContent('2.0');

    socket.serverSends({ type: 'system_status', data: buildStatus({ overall_health: 'critical', cpu_usage: 95 }) });
    await waitFor(() => expect(statistic('System Health')).toHaveTextContent('Critical'));
    expect(statistic('CPU Usage')).toHaveTextContent('95.0%');
  });

  it('applies the HTTP status while the stream is not connected', async () => {
    monitoringBackend(employee, { status: buildStatus({ cpu_usage: 11.1, active_alerts: 0 }) });
    await openMonitoring(employee);

    await waitFor(() => expect(statistic('CPU Usage')).toHaveTextContent('11.1%'));
  });

  it('puts a new alert first, replaces one with the same id, caps the list at 10, and applies updates', async () => {
    const initial = Array.from({ length: 9 }, (_, i) => buildAlert({ id: `old-${i}`, title: `Old ${i}` }));
    monitoringBackend(employee, { alerts: initial });
    const { user } = await openMonitoring(employee);
    await user.click(screen.getByRole('tab', { name: 'Alerts (9)' }));
    const socket = sockets.latest();
    socket.serverOpens();

    socket.serverSends({ type: 'new_alert', data: buildAlert({ id: 'new-1', title: 'New 1', severity: 'critical' }) });
    await waitFor(() => expect(listedAlerts()[0]).toBe('New 1'));

    socket.serverSends({ type: 'new_alert', data: buildAlert({ id: 'new-2', title: 'New 2' }) });
    await waitFor(() => expect(listedAlerts().slice(0, 2)).toEqual(['New 2', 'New 1']));
    expect(listedAlerts()).toHaveLength(10);
    expect(listedAlerts()).not.toContain('Old 8');

    // The same alert again moves to the top instead of appearing twice.
    socket.serverSends({ type: 'new_alert', data: buildAlert({ id: 'new-1', title: 'New 1 again' }) });
    await waitFor(() => expect(listedAlerts().slice(0, 2)).toEqual(['New 1 again', 'New 2']));
    expect(listedAlerts()).toHaveLength(10);
    expect(listedAlerts()).not.toContain('New 1');

    socket.serverSends({ type: 'alert_updated', data: { ...initial[1], status: 'acknowledged', title: 'Old 1' } });
    await waitFor(() => expect(screen.getByRole('article', { name: 'Old 1' })).toHaveTextContent('acknowledged'));
    // A resolved alert leaves the list of open alerts.
    socket.serverSends({ type: 'alert_updated', data: { ...initial[0], status: 'resolved', title: 'Old 0' } });
    await waitFor(() => expect(screen.queryByRole('article', { name: 'Old 0' })).not.toBeInTheDocument());
    expect(listedAlerts()).toHaveLength(9);
    // An update of an alert that is not listed does not add it.
    socket.serverSends({ type: 'alert_updated', data: buildAlert({ id: 'elsewhere', title: 'Not listed' }) });
    expect(screen.queryByRole('article', { name: 'Not listed' })).not.toBeInTheDocument();
  });

  it('counts open alerts from the streamed status, the same figure on the card and the tab', async () => {
    monitoringBackend(employee, { alerts: [buildAlert({ title: 'Disk almost full' })] });
    await openMonitoring(employee);
    expect(screen.getByRole('tab', { name: 'Alerts (1)' })).toBeInTheDocument();
    const socket = sockets.latest();
    socket.serverOpens();

    socket.serverSends({ type: 'new_alert', data: buildAlert({ title: 'Kafka unreachable' }) });
    socket.serverSends({ type: 'system_status', data: buildStatus({ active_alerts: 2 }) });

    expect(await screen.findByRole('tab', { name: 'Alerts (2)' })).toBeInTheDocument();
    expect(statistic('Active Alerts')).toHaveTextContent('2');
  });

  it('reads the list again when it still disagrees with the count, e.g. after a change lost during the first fetch', async () => {
    const stale = buildAlert({ title: 'Resolved meanwhile' });
    const open = buildAlert({ title: 'Still open' });
    // The list was read just before `stale` was resolved; the status already counts one open alert.
    const backend = monitoringBackend(employee, { alerts: [stale, open], status: buildStatus({ active_alerts: 1 }) });
    const { user } = await openMonitoring(employee);
    await user.click(screen.getByRole('tab', { name: 'Alerts (1)' }));
    expect(listedAlerts()).toEqual(['Resolved meanwhile', 'Still open']);

    backend.set([{ ...stale, status: 'resolved' }, open]);

    await waitFor(() => expect(listedAlerts()).toEqual(['Still open']));
    expect(backend.api.callsTo(ROUTES.alerts)).toHaveLength(2);
  });

  it('ignores unknown message types and frames that are not JSON', async () => {
    monitoringBackend(employee, { status: buildStatus({ cpu_usage: 11.1, active_alerts: 0 }) });
    await openMonitoring(employee);
    const socket = sockets.latest();
    socket.serverOpens();

    socket.serverSends('not json {');
    socket.serverSends({ type: 'metrics_snapshot', data: { cpu_usage: 99 } });
    socket.serverSends({ type: 'system_status', data: { cpu_usage: 'high' } });
    socket.serverSends({ type: 'new_alert', data: { id: 'x' } });

    // The page learns of the open socket and of anything the frames changed at the same time.
    expect(await shownDot('Connected')).toBeInTheDocument();
    expect(statistic('CPU Usage')).toHaveTextContent('11.1%');
    expect(screen.getByRole('tab', { name: 'Alerts (0)' })).toBeInTheDocument();
  });

  it('reconnects 5 seconds after the stream closes, polling the status meanwhile', async () => {
    // From the start: the status poll timer of the first load must be a fake one too.
    fakeTimers();
    const backend = monitoringBackend(employee);
    await openMonitoring(employee);
    const first = sockets.latest();
    first.serverOpens();
    const opened = sockets.sockets.length;
    await act(async () => {
      await jest.advanceTimersByTimeAsync(30_000);
    });
    // Connected: no status polling.
    const statusCalls = backend.api.callsTo(ROUTES.status).length;
    expect(statusCalls).toBe(1);

    expect(dot('Connected')).toBeInTheDocument();

    first.serverCloses(4401);
    act(() => jest.advanceTimersByTime(4_999));
    expect(dot('Disconnected')).toBeInTheDocument();
    expect(sockets.sockets).toHaveLength(opened);
    act(() => jest.advanceTimersByTime(1));
    expect(sockets.sockets).toHaveLength(opened + 1);
    const second = sockets.latest();
    expect(second).not.toBe(first);
    expect(second.protocols).toEqual(['sixa.monitoring.v1', `bearer.${TEST_TOKEN}`]);

    // Still down: the status is fetched over HTTP every 10 s.
    await act(async () => {
      await jest.advanceTimersByTimeAsync(10_000);
    });
    await waitFor(() => expect(backend.api.callsTo(ROUTES.status).length).toBeGreaterThan(statusCalls));

    second.serverOpens();
    expect(await shownDot('Connected')).toBeInTheDocument();
  });

  it('closes the stream when the page is left and does not reconnect', async () => {
    monitoringBackend(employee);
    const { unmount } = await openMonitoring(employee);
    const socket = sockets.latest();
    socket.serverOpens();
    const opened = sockets.sockets.length;

    fakeTimers();
    unmount();
    // The stream's cache entry goes as soon as nothing uses it (a timer of 0 ms), and the socket with it.
    await act(async () => {
      await jest.advanceTimersByTimeAsync(0);
    });

    expect(socket.closedByClient).toBe(true);
    act(() => jest.advanceTimersByTime(30_000));
    expect(sockets.sockets).toHaveLength(opened);
  });
});
