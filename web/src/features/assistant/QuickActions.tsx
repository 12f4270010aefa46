import { Button, Flex, theme } from 'antd';
import { QUICK_ACTIONS } from './chatConstants';

/** Suggested prompts, shown while only the greeting exists; a click fills the input. */
export function QuickActions({ onPick }: { onPick: (text: string) => void }) {
  const { token } = theme.useToken();
  return (
    <Flex wrap gap="small" style={{ paddingInline: token.padding, paddingBottom: token.paddingSM }}>
      {QUICK_ACTIONS.map((action) => (
        <Button key={action} size="small" shape="round" onClick={() => onPick(action)}>
          {action}
        </Button>
      ))}
    </Flex>
  );
}
