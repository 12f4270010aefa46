import { ClockCircleOutlined } from '@ant-design/icons';
import { Card, Result } from 'antd';
import { PageHeader } from './PageHeader';

export const UNAVAILABLE_TEXT = 'This area is not available yet.';

/** A screen whose service is not online yet: its title and an honest note, nothing that pretends. */
export function UnavailablePage({ title }: { title: string }) {
  return (
    <>
      <PageHeader title={title} />
      <Card>
        <Result
          icon={<ClockCircleOutlined />}
          title={UNAVAILABLE_TEXT}
          subTitle="It will appear here as soon as its service is online."
        />
      </Card>
    </>
  );
}
