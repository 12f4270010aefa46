import { Flex, Spin } from 'antd';

/** Shown while a screen's code is being fetched. */
export function PageLoading() {
  return (
    <Flex justify="center" align="center" style={{ minHeight: 240 }}>
      <Spin size="large" aria-label="Loading" />
    </Flex>
  );
}
