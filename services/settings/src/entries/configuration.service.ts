import { Injectable } from '@nestjs/common';
import type { AuthUser } from '@sixa/auth';
import {
  AI_TONES,
  ASSISTANT_TOOLS,
  DASHBOARD_WIDGETS,
  DEFAULT_AI_SETTINGS,
  KNOWN_SYSTEM_SETTINGS,
  MENU_KEYS,
  MENU_LABELS,
  ROLES,
  knownSystemSetting,
  systemSettingProblem,
  type AiSettingCategory,
  type AiSettingGroup,
  type BackupStatus,
  type Branding,
  type DashboardWidgetConfig,
  type EventEnvelope,
  type MenuConfig,
  type PutAiSettingsDto,
  type PutDashboardWidgetsDto,
  type PutMenuConfigDto,
  type PutRateLimitDto,
  type PutSystemSettingDto,
  type RateLimit,
  type Role,
  type SystemSetting,
  type SystemSettingType,
  type SystemSettingValue,
} from '@sixa/contracts';
import { createEvent } from '@sixa/kafka';
import { isObjectId } from '@sixa/mongo';
import { changedOrThrow, SettingsError, SettingsErrorCode } from '../settings.errors';
import { EntriesRepository, type Actor, type Entry } from './entries.repository';
import type { EntryKind } from './entry.schema';

interface StoredSystem {
  category: string;
  key: string;
  value: SystemSettingValue;
  data_type: SystemSettingType;
  description: string;
}

const invalid = (detail: string) => new SettingsError(SettingsErrorCode.InvalidSetting, detail);
const noSuchRole = (role: string) =>
  new SettingsError(SettingsErrorCode.RoleNotFound, `There is no role ${role}; roles: ${ROLES.join(', ')}`);

/** How an entry of each kind is named to the person changing it. */
const NAMES: Record<EntryKind, string> = {
  system: 'setting',
  ai: 'AI setting',
  rate_limit: 'rate limit',
  widgets: 'dashboard layout',
  menu: 'menu',
};

/** The backup display the spec gives (daily, 30 days), and the truth: the product takes no backups itself. */
const BACKUP: BackupStatus = {
  frequency: 'daily',
  retention_days: 30,
  status: 'not_configured',
  last_backup_at: null,
  detail:
    'Backups are not configured in the product: the databases are backed up by the platform that runs them (for MongoDB, its snapshots or mongodump). No backup time is shown because the product has not taken one.',
};

/** A rate limit's resource: the first segment of an /api path (documented as the path parameter's pattern). */
export const RESOURCE = /^[a-z][a-z0-9-]{0,39}$/;

/**
 * System settings, AI settings, backup, rate limits, dashboard widgets and menus: values stored per
 * kind and key (EntriesRepository). Changes others apply are published on settings.events.v1 with
 * the entry's revision; the gateway reads the rate limits itself (GET /internal/rate-limits).
 */
@Injectable()
export class ConfigurationService {
  constructor(private readonly entries: EntriesRepository) {}

  // ---- system settings -------------------------------------------------------------------------

  private systemOf(e: Entry<StoredSystem>): SystemSetting {
    return { ...e.value, updated_by: e.updated_by, updated_by_name: e.updated_by_name, updated_at: e.updated_at };
  }

  /** Every known setting (its default until set) and every other one stored, by category and key. */
  async listSystem(): Promise<SystemSetting[]> {
    const stored = new Map((await this.entries.list<StoredSystem>('system')).map((e) => [e.key, this.systemOf(e)]));
    const rows: SystemSetting[] = KNOWN_SYSTEM_SETTINGS.map(
      (k) =>
        stored.get(`${k.category}.${k.key}`) ?? {
          category: k.category,
          key: k.key,
          value: k.default,
          data_type: k.data_type,
          description: k.description,
          updated_by: null,
          updated_by_name: null,
          updated_at: null,
        },
    );
    for (const [id, s] of stored) if (!knownSystemSetting(s.category, s.key) && id) rows.push(s);
    return rows.sort((a, b) => a.category.localeCompare(b.category) || a.key.localeCompare(b.key));
  }

  async putSystem(actor: AuthUser, dto: PutSystemSettingDto): Promise<SystemSetting> {
    const problem = systemSettingProblem(dto.category, dto.key, dto.value, dto.data_type);
    if (problem) throw invalid(problem);
    const known = knownSystemSetting(dto.category, dto.key);
    const value = typeof dto.value === 'string' ? dto.value.trim() : (dto.value as SystemSettingValue);
    const id = `${dto.category}.${dto.key}`;
    const entry = await this.put<StoredSystem>(
      'system',
      id,
      (current) => ({
        category: dto.category,
        key: dto.key,
        value,
        data_type: dto.data_type,
        description: known?.description ?? dto.description ?? current?.description ?? '',
      }),
      actor,
      (after) => [
        createEvent('settings', 'settings.system_setting_updated', id, actor.id, {
          setting: this.systemOf(after),
          rev: after.rev,
        }),
      ],
    );
    return this.systemOf(entry);
  }

  /** Sets an entry (see EntriesRepository.put): one changed or removed since `expectedRev` is refused. */
  private async put<V>(
    kind: EntryKind,
    key: string,
    value: (current: V | undefined) => V,
    by: Actor,
    events?: (after: Entry<V>) => EventEnvelope[],
    expectedRev?: number,
  ): Promise<Entry<V>> {
    const result = await this.entries.put(kind, key, value, by, events, expectedRev);
    return changedOrThrow(
      result,
      NAMES[kind],
      SettingsErrorCode.SettingChanged,
      () => new SettingsError(SettingsErrorCode.SettingNotFound, `There is no ${NAMES[kind]} ${key}`),
    );
  }

  async branding(): Promise<Branding> {
    const name = await this.entries.get<StoredSystem>('system', 'general.company_name');
    const fallback = knownSystemSetting('general', 'company_name')!.default as string;
    return { company_name: typeof name?.value.value === 'string' ? name.value.value : fallback };
  }

  // ---- AI settings -----------------------------------------------------------------------------

  async listAi(): Promise<AiSettingGroup[]> {
    const stored = new Map((await this.entries.list<Record<string, unknown>>('ai')).map((e) => [e.key, e]));
    return (Object.keys(DEFAULT_AI_SETTINGS) as AiSettingCategory[]).map((category) => {
      const e = stored.get(category);
      return {
        category,
        settings: { ...DEFAULT_AI_SETTINGS[category], ...(e?.value ?? {}) },
        updated_by: e?.updated_by ?? null,
        updated_by_name: e?.updated_by_name ?? null,
        updated_at: e?.updated_at ?? null,
      };
    });
  }

  async putAi(actor: AuthUser, dto: PutAiSettingsDto): Promise<AiSettingGroup> {
    const settings = aiSettingsOf(dto.category, dto.settings);
    const entry = await this.put<Record<string, unknown>>(
      'ai',
      dto.category,
      (current) => ({ ...(current ?? {}), ...settings }),
      actor,
      (after) => [
        createEvent('settings', 'settings.ai_settings_updated', dto.category, actor.id, {
          group: this.aiGroupOf(after),
          rev: after.rev,
        }),
      ],
    );
    return this.aiGroupOf(entry);
  }

  private aiGroupOf(e: Entry<Record<string, unknown>>): AiSettingGroup {
    const category = e.key as AiSettingCategory;
    return {
      category,
      settings: { ...DEFAULT_AI_SETTINGS[category], ...e.value },
      updated_by: e.updated_by,
      updated_by_name: e.updated_by_name,
      updated_at: e.updated_at,
    };
  }

  backup(): BackupStatus {
    return BACKUP;
  }

  // ---- rate limits -----------------------------------------------------------------------------

  private rateLimitOf(e: Entry<{ limit_per_hour: number; limit_per_day: number }>): RateLimit {
    return { id: e.id, etag: e.etag, resource: e.key, ...e.value, updated_at: e.updated_at };
  }

  async listRateLimits(): Promise<RateLimit[]> {
    return (await this.entries.list<{ limit_per_hour: number; limit_per_day: number }>('rate_limit')).map((e) =>
      this.rateLimitOf(e),
    );
  }

  /** `expectedRev`: the revision of the limit the editor read (none: set it whatever it is now). */
  async putRateLimit(
    actor: AuthUser,
    resource: string,
    dto: PutRateLimitDto,
    expectedRev?: number,
  ): Promise<RateLimit> {
    if (!RESOURCE.test(resource))
      throw invalid('resource must be the first segment of an /api path, e.g. leads (lower-case letters, digits, -)');
    if (dto.limit_per_day < dto.limit_per_hour)
      throw invalid('limit_per_day cannot be lower than limit_per_hour (a day holds the hour)');
    const entry = await this.put(
      'rate_limit',
      resource,
      () => ({ limit_per_hour: dto.limit_per_hour, limit_per_day: dto.limit_per_day }),
      actor,
      undefined,
      expectedRev,
    );
    return this.rateLimitOf(entry);
  }

  async removeRateLimit(resource: string): Promise<void> {
    if (!(await this.entries.remove('rate_limit', resource)))
      throw new SettingsError(SettingsErrorCode.RateLimitNotFound, `There is no rate limit on ${resource}`);
  }

  // ---- dashboard widgets and menus -------------------------------------------------------------

  async widgets(actor: AuthUser, userId: string): Promise<DashboardWidgetConfig> {
    selfOrAdmin(actor, userId);
    const e = await this.entries.get<DashboardWidgetConfig['widgets']>('widgets', userId);
    return widgetConfig(
      userId,
      e?.value ?? DASHBOARD_WIDGETS.map((key) => ({ key, visible: true })),
      e?.updated_at ?? null,
    );
  }

  async putWidgets(actor: AuthUser, userId: string, dto: PutDashboardWidgetsDto): Promise<DashboardWidgetConfig> {
    selfOrAdmin(actor, userId);
    everyOnce(
      dto.widgets.map((w) => w.key),
      DASHBOARD_WIDGETS,
      'widgets',
    );
    const widgets = dto.widgets.map(({ key, visible }) => ({ key, visible }));
    const e = await this.put('widgets', userId, () => widgets, actor);
    return widgetConfig(userId, widgets, e.updated_at);
  }

  async menu(actor: AuthUser, role: string): Promise<MenuConfig> {
    if (!(ROLES as readonly string[]).includes(role)) throw noSuchRole(role);
    if (actor.role !== 'admin' && actor.role !== role)
      throw new SettingsError(SettingsErrorCode.NotYours, 'Only admins read the menu of a role other than their own');
    const e = await this.entries.get<MenuConfig['items']>('menu', role);
    return menuConfig(role, e?.value ?? MENU_KEYS.map((key) => ({ key, visible: true })), e?.updated_at ?? null);
  }

  async putMenu(actor: AuthUser, role: string, dto: PutMenuConfigDto): Promise<MenuConfig> {
    if (!(ROLES as readonly string[]).includes(role)) throw noSuchRole(role);
    everyOnce(
      dto.items.map((i) => i.key),
      MENU_KEYS,
      'items',
    );
    const items = dto.items.map(({ key, visible }) => ({ key, visible }));
    if ((role as Role) === 'admin' && items.some((i) => i.key === 'settings' && !i.visible))
      throw invalid('The admin menu keeps Settings: it is where menus are configured');
    const e = await this.put('menu', role, () => items, actor);
    return menuConfig(role, items, e.updated_at);
  }
}

function widgetConfig(
  userId: string,
  widgets: DashboardWidgetConfig['widgets'],
  updatedAt: string | null,
): DashboardWidgetConfig {
  return {
    user_id: userId,
    widgets,
    dashboard_widgets: widgets.map((w, y) => ({
      id: w.key,
      widget_type: w.key,
      position: { x: 0, y },
      is_visible: w.visible,
    })),
    updated_at: updatedAt,
  };
}

function menuConfig(role: string, items: MenuConfig['items'], updatedAt: string | null): MenuConfig {
  return {
    role,
    items,
    menu_items: items.map((i) => ({ name: MENU_LABELS[i.key], icon: i.key, visible: i.visible })),
    updated_at: updatedAt,
  };
}

function selfOrAdmin(actor: AuthUser, userId: string) {
  if (!isObjectId(userId)) throw new SettingsError(SettingsErrorCode.UserNotFound, 'No such user');
  if (actor.role !== 'admin' && actor.id !== userId)
    throw new SettingsError(SettingsErrorCode.NotYours, "Only admins read or change another user's dashboard widgets");
}

function everyOnce(keys: string[], all: readonly string[], field: string) {
  const missing = all.filter((k) => !keys.includes(k));
  if (keys.length !== all.length || missing.length || new Set(keys).size !== keys.length)
    throw invalid(
      `${field} must list each of ${all.join(', ')} exactly once${missing.length ? ` (missing: ${missing.join(', ')})` : ''}`,
    );
}

/** The group's settings checked against what the assistant understands (400 naming what is wrong). */
export function aiSettingsOf(category: AiSettingCategory, settings: Record<string, unknown>): Record<string, unknown> {
  const allowed = Object.keys(DEFAULT_AI_SETTINGS[category]);
  const unknown = Object.keys(settings).filter((k) => !allowed.includes(k));
  if (unknown.length) throw invalid(`${category} settings are ${allowed.join(', ')}; not ${unknown.join(', ')}`);
  const out: Record<string, unknown> = {};
  if ('model' in settings) {
    const m = settings.model;
    if (typeof m !== 'string' || !/^[\w.:/-]{1,100}$/.test(m))
      throw invalid('model must be a model name (letters, digits, . : / - _, at most 100)');
    out.model = m;
  }
  if ('temperature' in settings) {
    const t = settings.temperature;
    if (typeof t !== 'number' || !(t >= 0 && t <= 2)) throw invalid('temperature must be a number from 0 to 2');
    out.temperature = t;
  }
  if ('enabled_tools' in settings) {
    const tools = settings.enabled_tools;
    if (
      tools !== null &&
      (!Array.isArray(tools) || tools.some((x) => !(ASSISTANT_TOOLS as readonly unknown[]).includes(x)))
    )
      throw invalid(
        `enabled_tools must be a list of the assistant's tools (${ASSISTANT_TOOLS.join(', ')}), or null for all of them`,
      );
    out.enabled_tools = tools === null ? null : [...new Set(tools as string[])];
  }
  if ('tone' in settings) {
    if (!(AI_TONES as readonly unknown[]).includes(settings.tone))
      throw invalid(`tone must be one of ${AI_TONES.join(', ')}`);
    out.tone = settings.tone;
  }
  return out;
}
