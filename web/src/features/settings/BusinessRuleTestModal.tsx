import type { BusinessRule } from '@sixa/contracts/browser';
import { Alert, Button, Flex, Input, Modal, Tag, Typography } from 'antd';
import { useState } from 'react';
import { FormError } from '../../shared/FormError';
import { BorderedRows } from './BorderedRows';
import { ACTION_LABELS, parseSampleEvent, sampleEventFor } from './rulePayloads';
import { SETTINGS_ERRORS, useTestBusinessRuleMutation } from './settingsApi';

/** Runs a rule on a sample event without doing anything, and shows what it would do. */
export function BusinessRuleTestModal({ rule, onClose }: { rule: BusinessRule; onClose: () => void }) {
  const [text, setText] = useState(() => JSON.stringify(sampleEventFor(rule), null, 2));
  const [problem, setProblem] = useState<string | null>(null);
  const [runTest, state] = useTestBusinessRuleMutation();
  const result = state.data;

  const run = async () => {
    const { event, problem: found } = parseSampleEvent(text);
    setProblem(found);
    if (!event) return;
    try {
      await runTest({ id: rule.id, event }).unwrap();
    } catch {
      // shown below
    }
  };

  return (
    <Modal
      open
      title={`Test rule: ${rule.name}`}
      onCancel={onClose}
      width={720}
      footer={
        <Flex justify="end" gap="small">
          <Button onClick={onClose}>Close</Button>
          <Button type="primary" loading={state.isLoading} onClick={() => void run()}>
            Run Test
          </Button>
        </Flex>
      }
    >
      <Flex vertical gap="middle">
        <Typography.Text type="secondary">
          A sample event (type and data). Nothing is done: the result says what the rule would do.
        </Typography.Text>
        <Input.TextArea
          aria-label="Sample event JSON"
          value={text}
          onChange={(event) => {
            setText(event.target.value);
            setProblem(null);
          }}
          autoSize={{ minRows: 6, maxRows: 16 }}
          style={{ fontFamily: 'monospace' }}
          spellCheck={false}
        />
        {problem ? <Alert type="error" showIcon title={problem} /> : null}
        <FormError error={state.error} fallback={SETTINGS_ERRORS.testRule} />
        {result && !state.isLoading ? (
          <section aria-label="Test result">
            {result.matched ? (
              <Alert
                type="success"
                showIcon
                title={`The rule matches: it would run ${result.actions.length} action(s)`}
              />
            ) : (
              <Alert type="info" showIcon title="The rule does not match this event: it would do nothing" />
            )}
            {result.actions.length ? (
              <div style={{ marginTop: 12 }}>
                <BorderedRows
                  label="What the rule would do"
                  rows={result.actions.map((action, index) => ({
                    key: String(index),
                    content: (
                      <Flex gap="small" align="center" wrap>
                        <Tag color="processing">would run</Tag>
                        <Typography.Text strong>{ACTION_LABELS[action.type] ?? action.type}</Typography.Text>
                        <Typography.Text>{action.detail}</Typography.Text>
                      </Flex>
                    ),
                  }))}
                />
              </div>
            ) : null}
          </section>
        ) : null}
      </Flex>
    </Modal>
  );
}
