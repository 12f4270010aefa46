import { Injectable } from '@nestjs/common';
import { CrmError, CrmErrorCode } from './crm.errors';
import { actingAs, type AuthUser } from '@sixa/auth';
import type { CreateLeadDto } from '@sixa/contracts';
import { CrmConfigRef } from './config.provider';
import { LeadsRepository } from './leads/leads.repository';
import { LeadsService } from './leads/leads.service';
import { ProductsRepository } from './products/products.repository';
import { QuotesRepository } from './quotes/quotes.repository';
import { QuotesService } from './quotes/quotes.service';

const SYSTEM: AuthUser = actingAs('system', 'System', 'admin');

const PRODUCTS = [
  {
    name: 'CRM Platform License (per seat, yearly)',
    description: 'Lead, quote and pipeline management',
    prices: { standard: 480, premium: 720, enterprise: 1080 },
  },
  {
    name: 'Workflow Automation Add-on',
    description: 'Automations, schedules and webhooks',
    prices: { standard: 1200, premium: 1800, enterprise: 2600 },
  },
  {
    name: 'AI Assistant Add-on',
    description: 'Assistant chat, insights and lead scoring',
    prices: { standard: 900, premium: 1400, enterprise: 2100 },
  },
  {
    name: 'Onboarding & Training (per day)',
    description: 'On-site or remote, up to 12 people',
    prices: { standard: 1500, premium: 1800, enterprise: 2200 },
  },
  {
    name: 'Premium Support (monthly)',
    description: '24/7 support with a 1-hour response time',
    prices: { standard: 299.99, premium: 499.99, enterprise: 899.99 },
  },
];

const LEADS: CreateLeadDto[] = [
  {
    name: 'Maria Gonzalez',
    email: 'maria.gonzalez@northwind-traders.com',
    company: 'Northwind Traders',
    phone: '+1 415 555 0142',
    source: 'Referral',
    notes: 'Introduced by their CFO; evaluating a replacement for spreadsheets.',
  },
  {
    name: 'James Chen',
    email: 'j.chen@contoso.io',
    company: 'Contoso',
    phone: '+1 206 555 0199',
    source: 'Conference',
    notes: 'Met at SaaS Connect; wants a demo of workflows.',
  },
  {
    name: 'Aisha Patel',
    email: 'aisha.patel@gmail.com',
    company: 'Patel Consulting',
    phone: '',
    source: 'Website',
    notes: '',
  },
  {
    name: 'Lukas Weber',
    email: 'lukas.weber@fabrikam.de',
    company: 'Fabrikam',
    phone: '+49 30 5550 1234',
    source: 'LinkedIn',
    notes: 'Asked about EU data residency.',
  },
  {
    name: 'Emily Brooks',
    email: 'emily@tailspin-toys.com',
    company: 'Tailspin Toys',
    phone: '',
    source: 'Cold Email',
    notes: '',
  },
];

/** Demo data for the Leads and Quoting screens; demo mode only, idempotent. */
@Injectable()
export class SampleDataService {
  constructor(
    private readonly config: CrmConfigRef,
    private readonly products: ProductsRepository,
    private readonly leadsRepo: LeadsRepository,
    private readonly leads: LeadsService,
    private readonly quotesRepo: QuotesRepository,
    private readonly quotes: QuotesService,
  ) {}

  async seed() {
    if (!this.config.value.demoMode) throw new CrmError(CrmErrorCode.DemoOnly, 'Not found');
    const products = await this.products.ensure(PRODUCTS);
    let leads = 0;
    for (const lead of LEADS) {
      if (await this.leadsRepo.emailTaken(lead.email)) continue;
      await this.leads.create(SYSTEM, lead).then(
        () => leads++,
        (e) => (e instanceof CrmError && e.code === CrmErrorCode.LeadEmailTaken ? undefined : Promise.reject(e)),
      );
    }
    let quotes = 0;
    if (await this.quotesRepo.claimOnce('sample-quotes')) {
      const catalogue = await this.products.list();
      const by = (prefix: string) => catalogue.find((p) => p.name.startsWith(prefix))!.id;
      await this.quotes.create(
        SYSTEM,
        {
          title: 'Northwind CRM rollout',
          customer_name: 'Maria Gonzalez',
          customer_email: 'maria.gonzalez@northwind-traders.com',
          line_items: [
            { product_service_id: by('CRM Platform'), quantity: 25, pricing_tier: 'premium', discount_percentage: 10 },
            { product_service_id: by('Onboarding'), quantity: 2, pricing_tier: 'standard' },
          ],
          tax_settings: { tax_rate: 8.5, tax_name: 'Sales Tax', is_inclusive: false },
          terms_conditions: 'Net 30. Prices in USD.',
          expires_in_days: 30,
          e_signature_required: true,
        },
        { sample: true },
      );
      await this.quotes.create(
        SYSTEM,
        {
          title: 'Contoso automation pilot',
          customer_name: 'James Chen',
          customer_email: 'j.chen@contoso.io',
          line_items: [
            {
              product_service_id: by('Workflow Automation'),
              quantity: 1,
              pricing_tier: 'enterprise',
              discount_amount: 200,
            },
          ],
          tax_settings: { tax_rate: 0, tax_name: 'Tax', is_inclusive: false },
          expires_in_days: 14,
        },
        { sample: true },
      );
      quotes = 2;
    }
    return { created: { products, leads, quotes } };
  }
}
