import { screen, waitFor, within } from '@testing-library/react';
import { deferredReply } from '../../../test/mockApi';
import { employeeUser } from '../../../test/factories';
import { TEST_TOKEN } from '../../../test/renderApp';
import { designTokens } from '../../../theme/accessibleTheme';
import { reloadPage } from '../reloadPage';
import { installFakeWebSocket } from './fakeWebSocket';
import { buildAlert, buildChartData, buildStatus, monitoringBackend, ROUTES } from './monitoringBackend';
import { alertCard, openMonitoring, statistic } from './monitoringPage';

/**
 * Highcharts cannot load in jsdom (no CSS.supports, no SVG layout): the chart component stands in
 * with what it was given.
 */
jest.mock('highcharts', () => ({}));
jest.mock('highcharts/modules/accessibility', () => ({}));
const mockChart = { fail: false };
jest.mock('highcharts-react-official', () => {
  const { createElement } = jest.requireActual<typeof import('react')>('react');
  return {
    __esModule: true,
    HighchartsReact: function MockHighchartsReact(props: {
      options: {
        chart: { type: string; height: number };
        series: Array<{ name: string; data: unknown[] }>;
        plotOptions: any;
      };
      containerProps: Record<string, unknown>;
    }) {
      if (mockChart.fail) throw new Error('Highcharts error #13');
      const [series] = props.options.series;
      return createElement('div', {
        ...props.containerProps,
        'data-type': props.options.chart.type,
        'data-height': props.options.chart.height,
        'data-marker-radius': props.options.plotOptions.areaspline.marker.radius,
        'data-points': JSON.stringify(series.data),
      });
    },
  };
});

jest.mock('../reloadPage', () => ({ reloadPage: jest.fn() }));

const employee = employeeUser();
const sockets = installFakeWebSocket();
/** The light theme's tokens as the screen reads them (its text colours made readable). */
const tokens = designTokens('light');

afterEach(() => {
  mockChart.fail = false;
});

describe('Monitoring screen', () => {
  it('shows a loading skeleton until the first fetches finish, then the cards, with the token on every call', async () => {
    const status = deferredReply();
    const backend = monitoringBackend(employee, { status: status.handler });
    await openMonitoring(employee, { waitForContent: false });

    expect(screen.getByRole('status', { name: 'Loading monitoring data' })).toBeInTheDocument();
    await waitFor(() => expect(backend.api.callsTo(ROUTES.alerts)).toHaveLength(1));
    expect(screen.queryByText('System Health')).not.toBeInTheDocument();

    status.release({ body: buildStatus() });
    expect(await screen.findByText('System Health')).toBeInTheDocument();
    expect(screen.queryByRole('status', { name: 'Loading monitoring data' })).not.toBeInTheDocument();

    for (const route of [ROUTES.status, ROUTES.alerts, ROUTES.chartData]) {
      const calls = backend.api.callsTo(route);
      expect(calls).toHaveLength(1);
      expect(calls[0].headers.get('authorization')).toBe(`Bearer ${TEST_TOKEN}`);
    }
    expect(statistic('CPU Usage')).toHaveTextContent('23.4%');
    expect(screen.getByRole('progressbar', { name: 'CPU Usage 23.4%' })).toHaveAttribute('aria-valuenow', '23.4');
    expect(statistic('Memory Usage')).toHaveTextContent('41.2%');
    expect(screen.getByRole('progressbar', { name: 'Memory Usage 41.2%' })).toBeInTheDocument();
    expect(statistic('Active Alerts')).toHaveTextContent('2');
    expect(screen.getByText('5 in 24h')).toBeInTheDocument();
    // One figure for the card and the tab: the open alerts the status counts.
    expect(screen.getAllByRole('tab').map((tab) => tab.textContent)).toEqual([
      'Dashboard & Charts',
      'Alerts (2)',
      'AI Insights',
      'Testing & Simulation',
    ]);
  });

  it('ends the loading state when the fetches fail, and only logs the failures', async () => {
    const errors = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    monitoringBackend(employee, {
      status: { status: 500, body: { detail: 'boom' } },
      routes: { [ROUTES.alerts]: { status: 503, body: { detail: 'down' } } },
    });
    await openMonitoring(employee);

    expect(statistic('System Health')).toHaveTextContent('Unknown');
    expect(screen.getByRole('tab', { name: 'Alerts (0)' })).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    const logged = errors.mock.calls.map(([first]) => String(first));
    expect(logged).toEqual(expect.arrayContaining(['Failed to load system status', 'Failed to load alerts']));
  });

  it.each([
    ['healthy', 'Healthy', tokens.colorSuccessText],
    ['warning', 'Warning', tokens.colorWarningText],
    ['critical', 'Critical', tokens.colorErrorText],
    ['degraded', 'Degraded', tokens.colorTextTertiary],
  ])('shows %s health capitalised in its colour', async (health, label, color) => {
    monitoringBackend(employee, { status: buildStatus({ overall_health: health as 'healthy' }) });
    await openMonitoring(employee);

    const value = within(statistic('System Health')).getByText(label);
    expect(value.closest('.ant-statistic-content')).toHaveStyle({ color });
  });

  it('shows the current metrics: disk, latency, API time, days of uptime with one decimal, and the stream state', async () => {
    monitoringBackend(employee, { status: buildStatus({ uptime: 100, disk_usage: 61.25, network_latency: 8.04 }) });
    await openMonitoring(employee);

    expect(statistic('Disk Usage')).toHaveTextContent('61.3%');
    expect(statistic('Network Latency')).toHaveTextContent('8 ms');
    expect(statistic('API Response')).toHaveTextContent('85 ms');
    expect(statistic('Days Uptime')).toHaveTextContent('4.2');
    expect(statistic('Data Stream')).toHaveTextContent('Offline');

    const probes = screen.getByRole('table');
    expect(within(probes).getByRole('row', { name: /kafka/ })).toHaveTextContent('Up4.2 ms');
  });

  it('says "No API samples yet" for the API time and a dash for the latency when nothing was measured', async () => {
    monitoringBackend(employee, {
      status: buildStatus({
        network_latency: null,
        api_response_time: null,
        probes: [{ target: 'kafka', ok: false, latency_ms: null, error: 'connect ECONNREFUSED' }],
      }),
    });
    await openMonitoring(employee);

    expect(statistic('Network Latency')).toHaveTextContent('—');
    expect(statistic('API Response')).toHaveTextContent('No API samples yet');
    expect(screen.getByRole('row', { name: /kafka/ })).toHaveTextContent('Downconnect ECONNREFUSED—');
  });

  it('draws one smooth filled 300 px chart per series that has data, on a time axis', async () => {
    monitoringBackend(employee, { chartData: buildChartData({ api_response_time: [null, null, null] }) });
    await openMonitoring(employee);

    const charts = await screen.findAllByRole('figure');
    expect(charts.map((chart) => chart.getAttribute('aria-label'))).toEqual([
      'CPU Usage %',
      'Memory Usage %',
      'Network Latency ms',
    ]);
    expect(screen.queryByText('API Response Time ms')).not.toBeInTheDocument();

    const cpu = screen.getByRole('figure', { name: 'CPU Usage %' });
    expect(cpu).toHaveAttribute('data-type', 'areaspline');
    expect(cpu).toHaveAttribute('data-height', '300');
    expect(cpu).toHaveAttribute('data-marker-radius', '2');
    expect(JSON.parse(cpu.getAttribute('data-points') ?? '')).toEqual([
      [Date.parse('2026-03-01T09:00:00.000Z'), 20],
      [Date.parse('2026-03-01T09:05:00.000Z'), 25],
      [Date.parse('2026-03-01T09:10:00.000Z'), 23.4],
    ]);
    expect(
      JSON.parse(screen.getByRole('figure', { name: 'Network Latency ms' }).getAttribute('data-points') ?? '')[1],
    ).toEqual([Date.parse('2026-03-01T09:05:00.000Z'), null]);
  });

  it('logs "Failed to create chart" when a chart cannot be drawn, and keeps the page', async () => {
    const errors = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    mockChart.fail = true;
    monitoringBackend(employee);
    await openMonitoring(employee);

    expect(await screen.findByText('CPU Usage %: the chart could not be drawn.')).toBeInTheDocument();
    expect(errors.mock.calls.some(([first]) => first === 'Failed to create chart')).toBe(true);
    expect(statistic('Disk Usage')).toHaveTextContent('57.8%');
  });

  it('says All Clear! when there are no alerts', async () => {
    monitoringBackend(employee, { alerts: [] });
    const { user } = await openMonitoring(employee);

    await user.click(screen.getByRole('tab', { name: 'Alerts (0)' }));

    expect(await screen.findByText('All Clear!')).toBeInTheDocument();
    expect(screen.getByText('No active alerts. Your system is running smoothly.')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'System Alerts' })).toBeInTheDocument();
  });

  it('lists each alert with its uppercase severity, status, text, time and AI analysis, and reloads on Refresh Alerts', async () => {
    const disk = buildAlert({
      severity: 'critical',
      title: 'Disk almost full',
      description: 'Disk usage is 97%',
      created_at: '2026-03-01T09:30:00.000Z',
      ai_analysis: 'Log rotation stopped on the node; clean /var/log.',
    });
    const cpu = buildAlert({ severity: 'low', status: 'acknowledged', title: 'CPU above 70%' });
    const backend = monitoringBackend(employee, { alerts: [disk, cpu] });
    const { user } = await openMonitoring(employee);

    await user.click(screen.getByRole('tab', { name: 'Alerts (2)' }));

    const items = await screen.findAllByRole('listitem');
    expect(items.map((item) => within(item).getByRole('article').getAttribute('aria-label'))).toEqual([
      'Disk almost full',
      'CPU above 70%',
    ]);
    const diskCard = alertCard('Disk almost full');
    expect(diskCard.getByText('CRITICAL')).toBeInTheDocument();
    expect(diskCard.getByText('active')).toBeInTheDocument();
    expect(diskCard.getByText('Disk usage is 97%')).toBeInTheDocument();
    const time = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'medium' }).format(
      new Date('2026-03-01T09:30:00.000Z'),
    );
    expect(diskCard.getByText(time)).toBeInTheDocument();
    expect(diskCard.getByRole('note', { name: 'AI Analysis' })).toHaveTextContent(
      'Log rotation stopped on the node; clean /var/log.',
    );
    const cpuCard = alertCard('CPU above 70%');
    expect(cpuCard.getByText('LOW')).toBeInTheDocument();
    expect(cpuCard.getByText('acknowledged')).toBeInTheDocument();
    expect(cpuCard.queryByRole('note')).not.toBeInTheDocument();
    expect(cpuCard.queryByRole('button', { name: /Acknowledge/ })).not.toBeInTheDocument();
    expect(cpuCard.getByRole('button', { name: /Resolve/ })).toBeEnabled();

    backend.set([buildAlert({ title: 'Kafka unreachable' }), disk, cpu]);
    await user.click(screen.getByRole('button', { name: /Refresh Alerts/ }));
    expect(await screen.findByRole('article', { name: 'Kafka unreachable' })).toBeInTheDocument();
    expect(await screen.findByRole('tab', { name: 'Alerts (3)' })).toBeInTheDocument();
    expect(backend.api.callsTo(ROUTES.alerts)).toHaveLength(2);
  });

  it('acknowledges an alert in place; a resolved one leaves the list, and the tab and card count it out together', async () => {
    const alert = buildAlert({ id: 'alert-disk', title: 'Disk almost full' });
    const other = buildAlert({ title: 'Memory high' });
    const backend = monitoringBackend(employee, { alerts: [alert, other] });
    backend.api.use({
      [ROUTES.acknowledge('alert-disk')]: () => {
        const acknowledged = { ...alert, status: 'acknowledged' as const, acknowledged_by: 'employee-1' };
        backend.set([acknowledged, other]);
        return { body: acknowledged };
      },
      [ROUTES.resolve('alert-disk')]: () => {
        const resolved = { ...alert, status: 'resolved' as const, resolved_by: 'employee-1' };
        backend.set([resolved, other]);
        return { body: resolved };
      },
    });
    const { user } = await openMonitoring(employee);
    expect(statistic('Active Alerts')).toHaveTextContent('2');
    await user.click(screen.getByRole('tab', { name: 'Alerts (2)' }));

    await user.click(alertCard('Disk almost full').getByRole('button', { name: /Acknowledge/ }));

    expect(await screen.findByText('Alert acknowledged')).toBeInTheDocument();
    await waitFor(() => expect(alertCard('Disk almost full').getByText('acknowledged')).toBeInTheDocument());
    expect(alertCard('Disk almost full').queryByRole('button', { name: /Acknowledge/ })).not.toBeInTheDocument();
    expect(backend.api.callsTo(ROUTES.acknowledge('alert-disk'))).toHaveLength(1);
    // Acknowledged is still open: in place, same order, still counted.
    expect(screen.getAllByRole('article').map((card) => card.getAttribute('aria-label'))).toEqual([
      'Disk almost full',
      'Memory high',
    ]);
    expect(screen.getByRole('tab', { name: 'Alerts (2)' })).toBeInTheDocument();

    await user.click(alertCard('Disk almost full').getByRole('button', { name: /Resolve/ }));

    expect(await screen.findByText('Alert resolved')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('article', { name: 'Disk almost full' })).not.toBeInTheDocument());
    expect(backend.api.callsTo(ROUTES.resolve('alert-disk'))).toHaveLength(1);
    expect(screen.getAllByRole('article').map((card) => card.getAttribute('aria-label'))).toEqual(['Memory high']);
    expect(alertCard('Memory high').getByText('active')).toBeInTheDocument();
    // The card and the tab agree on what is still open (no reload of the list).
    expect(await screen.findByRole('tab', { name: 'Alerts (1)' })).toBeInTheDocument();
    expect(statistic('Active Alerts')).toHaveTextContent('1');
    expect(backend.api.callsTo(ROUTES.alerts)).toHaveLength(1);
  });

  it('says how many open alerts are not listed when there are more than 10', async () => {
    const alerts = Array.from({ length: 10 }, (_, i) => buildAlert({ title: `Open ${i}` }));
    monitoringBackend(employee, { alerts, status: buildStatus({ active_alerts: 12 }) });
    const { user } = await openMonitoring(employee);

    await user.click(screen.getByRole('tab', { name: 'Alerts (12)' }));

    expect(await screen.findByText('Showing the 10 newest of 12 open alerts.')).toBeInTheDocument();
    expect(statistic('Active Alerts')).toHaveTextContent('12');
  });

  it("shows the server's reason when a transition is refused", async () => {
    const alert = buildAlert({ id: 'alert-gone', title: 'Stale alert' });
    monitoringBackend(employee, {
      alerts: [alert],
      routes: { [ROUTES.resolve('alert-gone')]: { status: 409, body: { detail: 'Alert is already resolved' } } },
    });
    const { user } = await openMonitoring(employee);
    await user.click(screen.getByRole('tab', { name: 'Alerts (1)' }));

    await user.click(alertCard('Stale alert').getByRole('button', { name: /Resolve/ }));

    expect(await screen.findByText('Alert is already resolved')).toBeInTheDocument();
    expect(alertCard('Stale alert').getByText('active')).toBeInTheDocument();
  });

  it('runs the analysis from the empty AI Insights tab, says Analyzing... meanwhile, then shows it as readable sections with local times', async () => {
    const reply = deferredReply();
    const backend = monitoringBackend(employee, { routes: { [ROUTES.analyze]: reply.handler } });
    const { user } = await openMonitoring(employee);
    await user.click(screen.getByRole('tab', { name: 'AI Insights' }));

    expect(await screen.findByText('No Recent Analysis')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: /Run Enhanced AI Analysis/ }));

    const running = await screen.findByRole('button', { name: /Analyzing\.\.\./ });
    expect(running).toBeDisabled();
    expect(screen.getByRole('button', { name: /Enhanced AI Analysis/ })).toBeDisabled();
    expect(backend.api.callsTo(ROUTES.analyze)).toHaveLength(1);

    const anomalyAt = '2026-03-01T09:52:10.000Z';
    const fullAt = '2026-03-04T10:00:00.000Z';
    const analysis = {
      summary: `Analysed 360 samples over 6 hours. The strongest anomaly: CPU usage 97.5 at ${anomalyAt} (4.2 standard deviations from 31.2).`,
      window: { from: '2026-03-01T04:00:00.000Z', to: '2026-03-01T10:00:00.000Z', samples: 360 },
      trends: [
        { metric: 'cpu_usage', current: 97.5, mean: 31.24, min: 12, max: 97.5, slope_per_hour: 2.35, trend: 'rising' },
        {
          metric: 'network_latency',
          current: null,
          mean: null,
          min: null,
          max: null,
          slope_per_hour: null,
          trend: 'steady',
        },
      ],
      anomalies: [
        { metric: 'cpu_usage', at: anomalyAt, value: 97.5, baseline_mean: 31.2, baseline_stddev: 15.8, z_score: 4.2 },
      ],
      forecast: { disk: { current: 91.2, rate_per_hour: 0.12, full_at: fullAt, hours_to_full: 72 } },
      alerts: { open: 1, last_24h: 4, by_severity: { low: 1, medium: 1, high: 1, critical: 1 } },
      recommendations: [`Disk fills in about 3 days at 0.12%/h: grow the volume before ${fullAt}.`],
    };
    reply.release({ body: { timestamp: '2026-03-01T10:00:05.000Z', ai_analysis: analysis } });

    const local = (iso: string) =>
      new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'medium' }).format(new Date(iso));
    const section = async (name: string) => within(await screen.findByRole('region', { name }));

    expect((await section('Summary')).getByText(/^Analysed 360 samples over 6 hours\./)).toHaveTextContent(
      `CPU usage 97.5 at ${local(anomalyAt)} (4.2`,
    );
    expect((await section('Trends')).getByText('CPU usage')).toBeInTheDocument();
    expect((await section('Trends')).getByText('rising')).toBeInTheDocument();
    expect((await section('Trends')).queryByText('Network latency')).not.toBeInTheDocument();
    expect((await section('Anomalies')).getByText(local(anomalyAt))).toBeInTheDocument();
    expect((await section('Forecast')).getByText(local(fullAt))).toBeInTheDocument();
    expect((await section('Alerts')).getByText('1 open, 4 raised in the last 24 hours.')).toBeInTheDocument();
    expect((await section('Recommendations')).getByText(/grow the volume before/)).toHaveTextContent(
      `grow the volume before ${local(fullAt)}.`,
    );
    // Nothing raw: no ISO times and no JSON dump anywhere in the tab.
    const tab = screen.getByRole('tabpanel');
    expect(tab.textContent).not.toMatch(/\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/);
    expect(screen.queryByLabelText('Analysis details')).not.toBeInTheDocument();
    expect(tab.textContent).not.toContain('"summary"');
    expect(screen.getByText(local('2026-03-01T10:00:05.000Z'))).toBeInTheDocument();
    expect(screen.queryByText('No Recent Analysis')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: /^(?!.*Analyzing).*Enhanced AI Analysis/ })).toBeEnabled();
  });

  it('runs the analysis from the header, switches to AI Insights and shows a text analysis as it is', async () => {
    monitoringBackend(employee, {
      routes: {
        [ROUTES.analyze]: {
          body: { timestamp: '2026-03-01T10:00:05.000Z', ai_analysis: 'All systems nominal.\nNothing to do.' },
        },
      },
    });
    const { user } = await openMonitoring(employee);

    await user.click(screen.getByRole('button', { name: /Enhanced AI Analysis/ }));

    expect(await screen.findByRole('tab', { name: 'AI Insights', selected: true })).toBeInTheDocument();
    expect(
      await screen.findByText(
        (_, element) => element?.textContent === 'All systems nominal.\nNothing to do.' && element.tagName === 'DIV',
      ),
    ).toBeInTheDocument();
    expect(screen.queryByLabelText('Analysis details')).not.toBeInTheDocument();
  });

  it.each(['low', 'medium', 'high', 'critical'] as const)(
    'simulates a %s alert and reloads the alerts while the stream is down',
    async (severity) => {
      const created = buildAlert({ severity, title: `Simulated ${severity} alert`, rule: 'simulation' });
      const backend = monitoringBackend(employee, { alerts: [] });
      backend.api.use({
        [ROUTES.simulate(severity)]: () => {
          backend.set([created]);
          return { status: 201, body: created };
        },
      });
      const { user } = await openMonitoring(employee);
      await user.click(screen.getByRole('tab', { name: 'Testing & Simulation' }));
      expect(screen.getByText('System status updates every 10 seconds over the live stream.')).toBeInTheDocument();

      const label = `Simulate ${severity[0].toUpperCase()}${severity.slice(1)} Alert`;
      await user.click(screen.getByRole('button', { name: new RegExp(label) }));

      expect(await screen.findByText(`Simulated ${severity} alert raised`)).toBeInTheDocument();
      expect(backend.api.callsTo(ROUTES.simulate(severity))).toHaveLength(1);
      await waitFor(() => expect(backend.api.callsTo(ROUTES.alerts)).toHaveLength(2));
      expect(await screen.findByRole('tab', { name: 'Alerts (1)' })).toBeInTheDocument();
    },
  );

  it('does not reload the alerts after a simulation while the stream is connected', async () => {
    const created = buildAlert({ severity: 'high', title: 'Simulated high alert' });
    const backend = monitoringBackend(employee, {
      routes: { [ROUTES.simulate('high')]: { status: 201, body: created } },
    });
    const { user } = await openMonitoring(employee);
    sockets.latest().serverOpens();
    await user.click(screen.getByRole('tab', { name: 'Testing & Simulation' }));

    await user.click(screen.getByRole('button', { name: /Simulate High Alert/ }));
    expect(await screen.findByText('Simulated high alert raised')).toBeInTheDocument();
    expect(backend.api.callsTo(ROUTES.alerts)).toHaveLength(1);

    // The stream brings it instead, and the status that counts it.
    sockets.latest().serverSends({ type: 'new_alert', data: created });
    sockets.latest().serverSends({ type: 'system_status', data: buildStatus({ active_alerts: 1 }) });
    await user.click(await screen.findByRole('tab', { name: 'Alerts (1)' }));
    expect(await screen.findByRole('article', { name: 'Simulated high alert' })).toBeInTheDocument();
  });

  it('shows why a simulation failed', async () => {
    monitoringBackend(employee, {
      routes: { [ROUTES.simulate('critical')]: { status: 503, body: { detail: 'Monitoring service unavailable' } } },
    });
    const { user } = await openMonitoring(employee);
    await user.click(screen.getByRole('tab', { name: 'Testing & Simulation' }));

    await user.click(screen.getByRole('button', { name: /Simulate Critical Alert/ }));

    expect(await screen.findByText('Monitoring service unavailable')).toBeInTheDocument();
  });

  it('reloads the page with Refresh', async () => {
    monitoringBackend(employee);
    const { user } = await openMonitoring(employee);

    await user.click(screen.getByRole('button', { name: /^reload Refresh$/ }));

    expect(reloadPage).toHaveBeenCalledTimes(1);
  });

  it('opens the Alerts tab from a /monitoring?tab=alerts link, and another tab takes it out of the address', async () => {
    monitoringBackend(employee, { alerts: [buildAlert({ title: 'Disk almost full' })] });
    const { user, location } = await openMonitoring(employee, { path: '/monitoring?tab=alerts' });

    expect(screen.getByRole('tab', { name: 'Alerts (1)' })).toHaveAttribute('aria-selected', 'true');
    expect(await screen.findByRole('article', { name: 'Disk almost full' })).toBeVisible();

    await user.click(screen.getByRole('tab', { name: 'Dashboard & Charts' }));
    expect(screen.getByRole('tab', { name: 'Dashboard & Charts' })).toHaveAttribute('aria-selected', 'true');
    expect(location().search).toBe('');
  });
});
