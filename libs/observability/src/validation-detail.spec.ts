import { BadRequestException } from '@nestjs/common';
import {
  AcceptQuoteDto,
  CalendarEventDto,
  CreateLeadDto,
  CreateQuoteDto,
  UpdateSecurityPolicyDto,
  type ErrorBody,
} from '@sixa/contracts';
import { BODY_REQUIRED_DETAIL, validationPipe } from './http-app';

/** What the shared pipe answers a body for a route taking `dto`. */
async function refusal(dto: new () => object, body: unknown): Promise<ErrorBody> {
  try {
    await validationPipe().transform(body, { type: 'body', metatype: dto });
  } catch (e) {
    if (e instanceof BadRequestException) return e.getResponse() as ErrorBody;
    throw e;
  }
  throw new Error('the body was accepted');
}

const quote = (line: Record<string, unknown>) => ({
  title: 'Q',
  customer_name: 'Ana',
  customer_email: 'ana@example.com',
  line_items: [{ product_service_id: 'p1', quantity: 1 }, line],
});

describe('validation messages name fields as a person reads them', () => {
  it('numbers list items from 1 and names the field by its label, with its path beside', async () => {
    const body = await refusal(
      CreateQuoteDto,
      quote({ product_service_id: 'p2', quantity: 1, discount_percentage: 150 }),
    );
    expect(body.detail).toBe('Line 2: discount must be between 0 and 100%');
    expect(body.errors).toEqual([
      { field: 'line_items[1].discount_percentage', detail: 'Line 2: discount must be between 0 and 100%' },
    ]);
  });

  it("words class-validator's own sentences: one of, at least, at most, e-mail, whole number", async () => {
    const body = await refusal(CreateLeadDto, {
      name: 'x'.repeat(121),
      email: 'nope',
      company: 'C',
      source: 'Carrier pigeon',
    });
    expect(body.errors).toEqual(
      expect.arrayContaining([
        { field: 'name', detail: 'name must be at most 120 characters' },
        { field: 'email', detail: 'e-mail must be a valid e-mail address' },
        { field: 'source', detail: expect.stringMatching(/^source must be one of: Website, /) },
      ]),
    );
    const security = await refusal(UpdateSecurityPolicyDto, {
      rules: {
        password_min_length: 2,
        password_require_uppercase: true,
        password_require_numbers: true,
        password_require_symbols: 'yes',
        password_expiry_days: 1.5,
      },
    });
    expect(security.errors).toEqual(
      expect.arrayContaining([
        { field: 'rules.password_min_length', detail: 'Rules: minimum password length must be at least 4' },
        { field: 'rules.password_require_symbols', detail: 'Rules: symbol rule must be true or false' },
        { field: 'rules.password_expiry_days', detail: 'Rules: password expiry must be a whole number of days' },
      ]),
    );
  });

  it("says a field not sent is required (in the DTO's words when it has them), and a value of the wrong type only that", async () => {
    expect((await refusal(CreateLeadDto, { email: { $ne: null } })).errors).toEqual([
      { field: 'name', detail: 'name is required' },
      { field: 'email', detail: 'e-mail must be text' },
      { field: 'company', detail: 'company is required' },
      { field: 'source', detail: 'source is required' },
    ]);
    expect(
      (await refusal(CreateQuoteDto, { title: 'Q', customer_name: 'A', customer_email: 'a@b.co' })).errors,
    ).toEqual([{ field: 'line_items', detail: 'a quote needs at least one line item' }]);
  });

  it('names a field the request does not take by the name sent, and says a nested object is missing', async () => {
    const body = await refusal(CreateLeadDto, {
      name: 'A',
      email: 'a@b.co',
      company: 'C',
      source: 'Website',
      colour: 'red',
    });
    expect(body.errors).toEqual([{ field: 'colour', detail: 'colour is not a field this request takes' }]);
    expect((await refusal(UpdateSecurityPolicyDto, {})).errors).toEqual([
      { field: 'rules', detail: 'rules is required' },
    ]);
    expect((await refusal(UpdateSecurityPolicyDto, { rules: 'strict' })).errors).toEqual([
      { field: 'rules', detail: 'rules must be an object' },
    ]);
  });

  it("keeps a DTO's own message that names its field by path, in a person's words", async () => {
    const body = await refusal(CalendarEventDto, {
      title: 'T',
      start_time: '2026-03-01T09:00:00Z',
      end_time: '2026-03-01T10:00:00Z',
      recurrence: { freq: 'hourly', count: 2 },
    });
    expect(body.errors).toEqual([
      { field: 'recurrence.freq', detail: expect.stringMatching(/^Recurrence: freq must be one of: /) },
    ]);
  });
});

describe('a route that takes a body', () => {
  it('refuses a request without one, saying so', async () => {
    expect(await refusal(UpdateSecurityPolicyDto, undefined)).toEqual({ detail: BODY_REQUIRED_DETAIL });
    expect(await refusal(CreateLeadDto, null)).toEqual({ detail: BODY_REQUIRED_DETAIL });
  });

  it('takes none where every field is optional (an empty body)', async () => {
    const dto = await validationPipe().transform(undefined, { type: 'body', metatype: AcceptQuoteDto });
    expect(dto).toBeInstanceOf(AcceptQuoteDto);
  });

  it('refuses a body that is not a JSON object', async () => {
    expect((await refusal(CreateLeadDto, 'name=A')).detail).toBe('Request body must be a JSON object');
    expect((await refusal(CreateLeadDto, [{ name: 'A' }])).detail).toBe('Request body must be a JSON object');
  });
});
