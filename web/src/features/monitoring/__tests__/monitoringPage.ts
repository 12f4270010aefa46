import type { User } from '@sixa/contracts/browser';
import { screen, within } from '@testing-library/react';
import { renderApp } from '../../../test/renderApp';

/** The Monitoring screen of a signed-in user, once its first fetches have finished. */
export async function openMonitoring(signedInAs: User, { waitForContent = true, path = '/monitoring' } = {}) {
  const view = renderApp({ path, signedInAs });
  await screen.findByRole('heading', { name: 'Network Monitoring' });
  if (waitForContent) await screen.findByText('System Health');
  return view;
}

/** The antd Statistic whose title is this text. */
export function statistic(title: string) {
  const element = screen.getByText(title, { selector: '.ant-statistic-title' }).closest('.ant-statistic');
  if (!element) throw new Error(`no statistic titled ${title}`);
  return element as HTMLElement;
}

export function alertCard(title: string) {
  return within(screen.getByRole('article', { name: title }));
}
