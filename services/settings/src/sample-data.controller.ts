import { Controller, HttpCode, Injectable, Post } from '@nestjs/common';
import { ApiBearerAuth, ApiTags } from '@nestjs/swagger';
import { CurrentUser, type AuthUser } from '@sixa/auth';
import { ConfigurationService } from './entries/configuration.service';
import { RulesService } from './rules/rules.service';

/** What 'Initialize Sample Data' adds, each only if missing (by rule name, by resource). */
const SAMPLE_RULES = [
  {
    name: 'Referral follow-up',
    description: 'A referred lead gets a call within a day.',
    module: 'leads',
    trigger_event: 'lead.created',
    conditions: { all: [{ fact: 'source', operator: 'equal', value: 'Referral' }] },
    actions: [{ type: 'create_task', params: { title: 'Call referral {{name}}', priority: 'high' } }],
    is_active: true,
  },
  {
    name: 'Large accepted quote alert',
    description: 'Tell operations when a quote above 50,000 is accepted.',
    module: 'quotes',
    trigger_event: 'quote.accepted',
    conditions: { all: [{ fact: 'total_amount', operator: 'greaterThan', value: 50000 }] },
    actions: [
      {
        type: 'raise_alert',
        params: { severity: 'medium', message: 'Quote {{quote_number}} accepted: {{total_amount}}' },
      },
    ],
    is_active: false,
  },
];

const SAMPLE_LIMITS = [
  { resource: 'leads', limit_per_hour: 5000, limit_per_day: 50000 },
  { resource: 'chat', limit_per_hour: 600, limit_per_day: 5000 },
];

@Injectable()
export class SettingsSampleData {
  constructor(
    private readonly configuration: ConfigurationService,
    private readonly rules: RulesService,
  ) {}

  async seed(actor: AuthUser): Promise<{ created: { business_rules: number; rate_limits: number } }> {
    const created = { business_rules: 0, rate_limits: 0 };
    const existing = new Set((await this.rules.list()).map((r) => r.name));
    for (const rule of SAMPLE_RULES) {
      if (existing.has(rule.name)) continue;
      await this.rules.create(actor, rule);
      created.business_rules++;
    }
    const limits = new Set((await this.configuration.listRateLimits()).map((l) => l.resource));
    for (const { resource, ...limit } of SAMPLE_LIMITS) {
      if (limits.has(resource)) continue;
      await this.configuration.putRateLimit(actor, resource, limit);
      created.rate_limits++;
    }
    return { created };
  }
}

/** 'Initialize Sample Data' on the Settings screen (admin): sample business rules and rate limits, added once. */
@ApiTags('settings')
@ApiBearerAuth()
@Controller('settings')
export class SettingsSampleDataController {
  constructor(private readonly samples: SettingsSampleData) {}

  @Post('initialize-sample-data')
  @HttpCode(200)
  seed(@CurrentUser() actor: AuthUser) {
    return this.samples.seed(actor);
  }
}
