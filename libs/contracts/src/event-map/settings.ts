import type { AlertSeverity } from '../monitoring';
import type { AiSettingGroup, SecurityPolicy, SystemSetting } from '../settings';
import type { TaskPriority } from '../work';
import { TOPICS, type Topic } from './topics';

/** A business rule's command to another service: which rule, on which event. */
export interface RuleCommand {
  /** `rule:<rule id>:<event id>:<action index>`: the command is carried out once, whatever the redeliveries. */
  correlation_id: string;
  rule_id: string;
  rule_name: string;
  source_event_id: string;
  source_event_type: string;
}

/** The events of settings (policies, settings, and the commands of business rules), and their data. */
export interface SettingsEvents {
  /** The password policy changed: auth enforces it from then on. */
  'settings.security_policy_updated': { policy: SecurityPolicy };
  /** A system setting changed; the service that applies it (KNOWN_SYSTEM_SETTINGS) follows it. */
  'settings.system_setting_updated': { setting: SystemSetting; rev: number };
  /** An AI settings group changed: the assistant applies it from its next answer. */
  'settings.ai_settings_updated': { group: AiSettingGroup; rev: number };
  /** A business rule asks work for a task (work makes it once per `correlation_id`). */
  'settings.rule_task_requested': RuleCommand & {
    task: { title: string; description: string; priority: TaskPriority; assigned_to: string };
  };
  /** A business rule asks monitoring for an alert (raised once per `correlation_id`). */
  'settings.rule_alert_raised': RuleCommand & { severity: AlertSeverity; title: string; description: string };
}

/** Which topic each of them is published on. */
export const SETTINGS_EVENT_TOPICS: { [K in keyof SettingsEvents]: Topic } = {
  'settings.security_policy_updated': TOPICS.settings,
  'settings.system_setting_updated': TOPICS.settings,
  'settings.ai_settings_updated': TOPICS.settings,
  'settings.rule_task_requested': TOPICS.settings,
  'settings.rule_alert_raised': TOPICS.settings,
};
