import { screen, waitFor, within } from '@testing-library/react';
import { deferredReply, mockApi } from '../../../test/mockApi';
import { renderApp } from '../../../test/renderApp';
import {
  buildActivity,
  buildInsight,
  buildMetrics,
  buildTrend,
  dashboardRoutes,
  employee,
  ROUTES,
} from './dashboardBackend';

/** Highcharts cannot load in jsdom: the chart stands in with the points it was given. */
jest.mock('highcharts', () => ({}));
jest.mock('highcharts/modules/accessibility', () => ({}));
jest.mock('highcharts-react-official', () => {
  const { createElement } = jest.requireActual<typeof import('react')>('react');
  return {
    __esModule: true,
    HighchartsReact: function MockHighchartsReact(props: {
      options: { xAxis: { categories: string[] }; series: Array<{ data: unknown[] }> };
    }) {
      return createElement('div', {
        'data-testid': 'revenue-chart',
        'data-categories': JSON.stringify(props.options.xAxis.categories),
        'data-points': JSON.stringify(props.options.series[0]?.data),
      });
    },
  };
});

function openDashboard() {
  return renderApp({ path: '/', signedInAs: employee });
}

/** The metric card titled `title`. */
const card = async (title: string) => within(await screen.findByRole('region', { name: title }));

describe('Dashboard', () => {
  it('shows the four metric cards in the spec formats', async () => {
    mockApi(dashboardRoutes());
    openDashboard();

    const revenue = await card('Total Revenue');
    expect(await revenue.findByText('$1.2M')).toBeInTheDocument();
    expect(revenue.getByText('+12.5% from last month')).toBeInTheDocument();
    expect(revenue.getByText('$1,234,567.89 from quotes')).toBeInTheDocument();
    const workflows = await card('Active Workflows');
    expect(workflows.getByText('4')).toBeInTheDocument();
    expect(workflows.getByText('7 automated today')).toBeInTheDocument();
    const ai = await card('AI Tasks Completed');
    expect(ai.getByText('19')).toBeInTheDocument();
    expect(ai.getByText('95.0% success rate')).toBeInTheDocument();
    const team = await card('Team Members');
    expect(team.getByText('12')).toBeInTheDocument();
    expect(team.getByText('3 online now')).toBeInTheDocument();
  });

  it('keeps small amounts exact beside the millions, and says when there is nothing to compare', async () => {
    mockApi(
      dashboardRoutes({
        metrics: { body: buildMetrics({ total_revenue: 1234.5, revenue_growth: null, success_rate: null }) },
      }),
    );
    openDashboard();

    const revenue = await card('Total Revenue');
    expect(await revenue.findByText('$0.0M')).toBeInTheDocument();
    expect(revenue.getByText('$1,234.50 from quotes')).toBeInTheDocument();
    expect(revenue.getByText('No revenue last month')).toBeInTheDocument();
    expect((await card('AI Tasks Completed')).getByText('No actions today')).toBeInTheDocument();
  });

  it('shows a falling revenue as a negative growth', async () => {
    mockApi(dashboardRoutes({ metrics: { body: buildMetrics({ revenue_growth: -8.25 }) } }));
    openDashboard();

    expect(await (await card('Total Revenue')).findByText('-8.3% from last month')).toBeInTheDocument();
  });

  it('shows a skeleton until the first figures arrive', async () => {
    const metrics = deferredReply();
    const insights = deferredReply();
    mockApi(dashboardRoutes({ metrics: metrics.handler, insights: insights.handler }));
    openDashboard();

    expect(await screen.findByRole('status', { name: 'Loading dashboard' })).toBeInTheDocument();
    metrics.release({ body: buildMetrics() });
    insights.release({ body: [] });

    expect(await screen.findByText('$1.2M')).toBeInTheDocument();
    expect(screen.queryByRole('status', { name: 'Loading dashboard' })).not.toBeInTheDocument();
  });

  it('lists the insights with their priority, and Take Action opens the route with its filters', async () => {
    mockApi(
      dashboardRoutes({
        insights: {
          body: [
            buildInsight(),
            buildInsight({
              kind: 'quotes_expiring',
              title: '2 quotes expire this week',
              priority: 'medium',
              description: 'Q-104 and Q-107 are still unanswered.',
              action: { label: 'Open quotes', route: '/quotes', query: { status: 'sent' } },
            }),
            buildInsight({
              kind: 'overdue_tasks',
              title: '1 task is overdue',
              priority: 'low',
              description: 'Send the contract was due yesterday.',
              action: { label: 'Open tasks', route: '/tasks', query: {} },
            }),
          ],
        },
      }),
    );
    const { user, location } = openDashboard();

    const list = await screen.findByRole('list', { name: 'AI insights' });
    const hot = within(within(list).getByRole('article', { name: '3 hot leads have no follow-up task' }));
    expect(hot.getByText('High')).toHaveClass('ant-tag-red');
    expect(hot.getByText('Acme, Globex and Initech scored 80 or more and nobody is on them.')).toBeInTheDocument();
    const quotes = within(within(list).getByRole('article', { name: '2 quotes expire this week' }));
    expect(quotes.getByText('Medium')).toHaveClass('ant-tag-orange');
    const tasks = within(within(list).getByRole('article', { name: '1 task is overdue' }));
    expect(tasks.getByText('Low')).not.toHaveClass('ant-tag-red');

    await user.click(hot.getByRole('button', { name: 'Take Action' }));

    await waitFor(() => expect(location().pathname).toBe('/leads'));
    expect(new URLSearchParams(location().search).get('label')).toBe('hot');
    expect(new URLSearchParams(location().search).get('has_task')).toBe('false');
  });

  it('says honestly that nothing needs attention, and that no AI activity happened yet', async () => {
    mockApi(dashboardRoutes({ insights: { body: [] }, activity: { body: [] } }));
    openDashboard();

    expect(await screen.findByText('Nothing needs your attention')).toBeInTheDocument();
    expect(screen.getByText('No AI activity yet')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Take Action' })).not.toBeInTheDocument();
  });

  it("lists the recent AI activities with their status and time, and a record's link", async () => {
    mockApi(
      dashboardRoutes({
        activity: {
          body: [
            buildActivity(),
            buildActivity({
              id: 'run-1',
              source: 'workflow',
              status: 'failed',
              title: 'Follow-up workflow failed',
              detail: 'The CRM did not answer',
              at: new Date(Date.now() - 2 * 3600_000).toISOString(),
              link: null,
            }),
            buildActivity({ status: 'running', title: 'Onboarding workflow running', detail: '', link: '/workflows' }),
          ],
        },
      }),
    );
    const { user, location } = openDashboard();

    const list = within(await screen.findByRole('list', { name: 'Recent AI activities' }));
    const [task, failed, running] = list.getAllByRole('listitem');
    expect(within(task!).getByText('Created a task')).toBeInTheDocument();
    expect(within(task!).getByText('Completed')).toBeInTheDocument();
    expect(within(task!).getByText('Call Acme about the renewal')).toBeInTheDocument();
    expect(within(task!).getByText('5 minutes ago')).toBeInTheDocument();
    expect(within(failed!).getByText('Failed')).toBeInTheDocument();
    expect(within(failed!).getByText('2 hours ago')).toBeInTheDocument();
    expect(within(failed!).queryByRole('link')).not.toBeInTheDocument();
    expect(within(running!).getByText('Running')).toBeInTheDocument();

    await user.click(within(task!).getByRole('link', { name: /^View\s?: Created a task$/ }));

    await waitFor(() => expect(location().pathname).toBe('/tasks'));
    expect(location().search).toBe('?focus=task-1');
  });

  it('only logs a failed load and keeps the cards neutral', async () => {
    const warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    mockApi({ [ROUTES.me]: { body: employee } }); // every dashboard call answers 503
    openDashboard();

    const revenue = await card('Total Revenue');
    expect(await revenue.findByText('—')).toBeInTheDocument();
    expect(revenue.queryByText(/\$/)).not.toBeInTheDocument();
    await waitFor(() =>
      expect(warn).toHaveBeenCalledWith(expect.stringMatching(/Failure loading dashboard data/), expect.anything()),
    );
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(document.querySelector('.ant-message-notice, .ant-notification-notice')).toBeNull();
  });

  it('shows new figures within seconds, as events change them', async () => {
    const api = mockApi(dashboardRoutes());
    openDashboard();
    expect(await (await card('Team Members')).findByText('12')).toBeInTheDocument();

    api.use({ [ROUTES.metrics]: { body: buildMetrics({ team_members: 13, online_members: 4 }) } });

    const team = await card('Team Members');
    expect(await team.findByText('13', undefined, { timeout: 8_000 })).toBeInTheDocument();
    expect(team.getByText('4 online now')).toBeInTheDocument();
  });

  it('draws the revenue of the last twelve months', async () => {
    mockApi(dashboardRoutes({ trend: { body: buildTrend([0, 0, 0, 0, 0, 0, 0, 0, 0, 1200, 0, 5400.5]) } }));
    openDashboard();

    const chart = await screen.findByTestId('revenue-chart');
    expect(JSON.parse(chart.dataset.points!)).toEqual([0, 0, 0, 0, 0, 0, 0, 0, 0, 1200, 0, 5400.5]);
    expect(JSON.parse(chart.dataset.categories!)).toHaveLength(12);
    expect(JSON.parse(chart.dataset.categories!)[0]).toBe('Jan 26');
  });

  it('reads the trend again as soon as the revenue moves', async () => {
    const api = mockApi(dashboardRoutes());
    openDashboard();
    expect(await screen.findByText(/No accepted quotes in the last twelve months yet/)).toBeInTheDocument();

    api.use({
      [ROUTES.metrics]: { body: buildMetrics({ total_revenue: 1_234_567.89 + 900 }) },
      [ROUTES.trend]: { body: buildTrend([0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 900]) },
    });

    const chart = await screen.findByTestId('revenue-chart', undefined, { timeout: 8_000 });
    expect(JSON.parse(chart.dataset.points!)).toEqual([0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 900]);
  });

  it('says so when no quote was accepted in the last twelve months', async () => {
    mockApi(dashboardRoutes());
    openDashboard();

    expect(await screen.findByText(/No accepted quotes in the last twelve months yet/)).toBeInTheDocument();
  });

  it.each([
    ['Train AI Bot', '/settings'],
    ['Create Workflow', '/workflows'],
    ['Generate Leads', '/leads'],
    ['Create Document', '/documents'],
  ])('Quick Actions: %s opens %s', async (label, path) => {
    mockApi(dashboardRoutes());
    const { user, location } = openDashboard();

    // Named by all it shows (the label, then what it does), as the visible text (WCAG 2.5.3).
    await user.click(await screen.findByRole('button', { name: new RegExp(`^${label} `) }));

    await waitFor(() => expect(location().pathname).toBe(path));
  });
});
