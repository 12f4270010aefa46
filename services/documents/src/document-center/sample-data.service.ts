import { Injectable } from '@nestjs/common';
import { actingAs, type AuthUser } from '@sixa/auth';
import type {
  CreateDocumentCategoryDto,
  CreateDocumentDto,
  CreateDocumentTemplateDto,
  DocumentsSampleDataResult,
} from '@sixa/contracts';
import { CategoriesService } from './categories.service';
import { DocumentsConfigRef } from '../config.provider';
import { DocumentsError, DocumentsErrorCode } from '../documents.errors';
import { DocumentsService } from '../documents/documents.service';
import { TemplatesService } from '../templates/templates.service';

const SYSTEM: AuthUser = actingAs('system', 'System', 'admin');

const CATEGORIES: CreateDocumentCategoryDto[] = [
  { name: 'Sales', description: 'Quotes, proposals and order forms', color: '#1677ff', icon: 'shopping' },
  { name: 'Legal', description: 'Contracts, NDAs and agreements', color: '#722ed1', icon: 'safety' },
  { name: 'Finance', description: 'Invoices and payment terms', color: '#52c41a', icon: 'dollar' },
  { name: 'HR', description: 'Offer letters and onboarding forms', color: '#fa8c16', icon: 'team' },
];

type SampleTemplate = Omit<CreateDocumentTemplateDto, 'category_id'> & { key: string; category: string };

const TEMPLATES: SampleTemplate[] = [
  {
    key: 'sales-quote',
    category: 'Sales',
    title: 'Sales Quote',
    description: 'A priced quote for a customer, valid for a fixed period',
    type: 'proposal',
    file_format: 'html',
    access_level: 'team',
    tags: ['sales', 'quote', 'customer', 'pricing'],
    content:
      '<h1>Quote {{quote_number}}</h1>\n<p>Prepared for {{customer_name}} ({{customer_email}})</p>\n' +
      '<p>Total: {{total_amount}} USD, valid until {{valid_until}}.</p>\n' +
      '{{#if notes}}<p>Notes: {{notes}}</p>\n{{/if}}<p>Kind regards,<br>{{sales_rep}}</p>',
  },
  {
    key: 'mutual-nda',
    category: 'Legal',
    title: 'Mutual Non-Disclosure Agreement',
    description: 'Two-way NDA for early conversations with partners and prospects',
    type: 'agreement',
    file_format: 'pdf',
    access_level: 'team',
    tags: ['legal', 'nda'],
    content:
      '<h1>Mutual Non-Disclosure Agreement</h1>\n<p>This agreement is made on {{effective_date}} between ' +
      'SIXA Inc. and {{company_name}}, represented by {{contact_name}}.</p>\n' +
      "<p>Each party keeps the other party's confidential information secret for {{term_years}} years.</p>",
  },
  {
    key: 'invoice',
    category: 'Finance',
    title: 'Invoice',
    description: 'A simple invoice with payment terms',
    type: 'invoice',
    file_format: 'pdf',
    access_level: 'team',
    tags: ['finance', 'invoice'],
    content:
      '<h1>Invoice {{invoice_number}}</h1>\n<p>Bill to: {{customer_name}}</p>\n' +
      '<p>Amount due: {{amount}} USD by {{due_date}}.</p>',
  },
  {
    key: 'offer-letter',
    category: 'HR',
    title: 'Offer Letter',
    description: 'Employment offer for a new hire',
    type: 'contract',
    file_format: 'docx',
    access_level: 'private',
    tags: ['hr', 'hiring'],
    content:
      '<p>Dear {{candidate_name}},</p>\n<p>We are pleased to offer you the position of {{position}} ' +
      'starting on {{start_date}}, with an annual salary of {{salary}}.</p>',
  },
];

/** A proposal as a sales team writes one: headings, a priced table, totals and terms. */
const PROPOSAL_FABRIKAM = [
  '<h1>Proposal: CRM rollout for Fabrikam</h1>',
  '<p>Prepared for Lukas Weber, Fabrikam (lukas.weber@fabrikam.de). Valid until 2026-12-31.</p>',
  '<h2>Scope</h2>',
  '<p>The CRM platform for the Berlin sales team, the AI assistant for lead scoring, and two days of onboarding.</p>',
  '<h2>Pricing</h2>',
  '<table>',
  '<thead><tr><th>Item</th><th class="num">Quantity</th><th class="num">Unit price</th>' +
    '<th class="num">Discount</th><th class="num">Line total</th></tr></thead>',
  '<tbody>',
  '<tr><td>CRM Platform (premium, per seat)</td><td class="num">12</td><td class="num">$1,100.00</td>' +
    '<td class="num">$1,320.00</td><td class="num">$11,880.00</td></tr>',
  '<tr><td>AI Assistant Add-on</td><td class="num">3</td><td class="num">$900.00</td>' +
    '<td class="num">$0.00</td><td class="num">$2,700.00</td></tr>',
  '<tr><td>Onboarding &amp; Training (per day)</td><td class="num">2</td><td class="num">$1,500.00</td>' +
    '<td class="num">$0.00</td><td class="num">$3,000.00</td></tr>',
  '</tbody>',
  '</table>',
  '<table><tbody>',
  '<tr><th>Subtotal</th><td class="num">$17,580.00</td></tr>',
  '<tr><th>VAT (19%)</th><td class="num">$3,340.20</td></tr>',
  '<tr><th>Total</th><td class="num"><strong>$20,920.20</strong></td></tr>',
  '</tbody></table>',
  '<h2>Terms</h2>',
  '<p>Net 30 from the invoice date. Prices in USD. The subscription renews yearly unless cancelled 60 days ahead.</p>',
].join('\n');

/** Demo data for the Document Center; demo mode only, idempotent (each item has a key and is made once). */
@Injectable()
export class SampleDataService {
  constructor(
    private readonly config: DocumentsConfigRef,
    private readonly categories: CategoriesService,
    private readonly templates: TemplatesService,
    private readonly documents: DocumentsService,
  ) {}

  async seed(): Promise<DocumentsSampleDataResult> {
    if (!this.config.value.demoMode) throw new DocumentsError(DocumentsErrorCode.DemoOnly, 'Not found');
    const created = { categories: 0, templates: 0, documents: 0 };

    const categoryIds = new Map<string, string>();
    for (const dto of CATEGORIES) {
      const { category, created: isNew } = await this.categories.ensure(SYSTEM, dto);
      categoryIds.set(dto.name, category.id);
      if (isNew) created.categories++;
    }

    const templateIds = new Map<string, string>();
    for (const { key, category, ...dto } of TEMPLATES) {
      const made = await this.templates.createOnce(SYSTEM, `sample:${key}`, {
        ...dto,
        category_id: categoryIds.get(category),
      });
      templateIds.set(key, made.template.id);
      if (made.created) created.templates++;
    }

    const documents: Array<{ key: string; dto: CreateDocumentDto }> = [
      {
        key: 'quote-northwind',
        dto: {
          title: 'Quote for Northwind Traders',
          template_id: templateIds.get('sales-quote'),
          variables: {
            quote_number: 'Q-2026-0001',
            customer_name: 'Maria Gonzalez',
            customer_email: 'maria.gonzalez@northwind-traders.com',
            total_amount: '12,870.00',
            valid_until: '2026-12-31',
            notes: 'Includes two onboarding days.',
            sales_rep: 'Alex Morgan',
          },
          access_level: 'team',
          status: 'active',
          signature_required: true,
          signers: [{ name: 'Maria Gonzalez', email: 'maria.gonzalez@northwind-traders.com', role: 'customer' }],
        },
      },
      {
        key: 'nda-contoso',
        dto: {
          title: 'NDA with Contoso',
          template_id: templateIds.get('mutual-nda'),
          variables: {
            effective_date: '2026-11-01',
            company_name: 'Contoso',
            contact_name: 'James Chen',
            term_years: 3,
          },
          access_level: 'organization',
          status: 'draft',
        },
      },
      {
        key: 'proposal-fabrikam',
        dto: {
          title: 'Proposal for Fabrikam',
          description: 'CRM rollout with the assistant, priced per seat',
          category_id: categoryIds.get('Sales'),
          type: 'proposal',
          content: PROPOSAL_FABRIKAM,
          access_level: 'team',
          status: 'active',
          signature_required: true,
          signers: [{ name: 'Lukas Weber', email: 'lukas.weber@fabrikam.de', role: 'customer' }],
          tags: ['sales', 'proposal'],
        },
      },
      {
        key: 'handbook',
        dto: {
          title: 'Remote Work Policy',
          description: 'How we work from anywhere',
          category_id: categoryIds.get('HR'),
          type: 'custom',
          content: '<h1>Remote Work Policy</h1>\n<p>Core hours are 10:00 to 15:00 in your time zone.</p>',
          access_level: 'team',
          status: 'active',
          tags: ['hr', 'policy'],
        },
      },
    ];
    for (const { key, dto } of documents) {
      if ((await this.documents.createOnce(SYSTEM, `sample:${key}`, dto)).created) created.documents++;
    }
    return { created };
  }
}
