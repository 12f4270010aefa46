import { contextError, DomainError, httpStatusOf } from './domain-error';

enum ShopErrorCode {
  OrderNotFound = 'ORDER_NOT_FOUND',
  OrderShipped = 'ORDER_SHIPPED',
  WarehouseBusy = 'WAREHOUSE_BUSY',
}

class ShopError extends contextError<ShopErrorCode>({
  [ShopErrorCode.OrderNotFound]: 'not_found',
  [ShopErrorCode.OrderShipped]: 'conflict',
  [ShopErrorCode.WarehouseBusy]: 'unavailable',
}) {}

describe(contextError.name, () => {
  it('gives each code the kind its table states, and so its HTTP status', () => {
    const statuses = Object.values(ShopErrorCode).map((code) => {
      const error = new ShopError(code, 'why');
      return [code, error.kind, httpStatusOf(error.kind)];
    });
    expect(statuses).toEqual([
      ['ORDER_NOT_FOUND', 'not_found', 404],
      ['ORDER_SHIPPED', 'conflict', 409],
      ['WAREHOUSE_BUSY', 'unavailable', 503],
    ]);
  });

  it('is a DomainError of its own class, with the code, the detail and a Retry-After when given', () => {
    const error = new ShopError(ShopErrorCode.WarehouseBusy, 'The warehouse is full.', 30);
    expect(error).toBeInstanceOf(ShopError);
    expect(error).toBeInstanceOf(DomainError);
    expect(error).toMatchObject({ code: 'WAREHOUSE_BUSY', detail: 'The warehouse is full.', retryAfterSeconds: 30 });
    expect(error.exposeCode).toBe(false);
  });

  it('does not compile without a kind for every code', () => {
    // @ts-expect-error OrderShipped and WarehouseBusy have no kind
    class Incomplete extends contextError<ShopErrorCode>({ [ShopErrorCode.OrderNotFound]: 'not_found' }) {}
    expect(new Incomplete(ShopErrorCode.OrderNotFound, 'x').kind).toBe('not_found');
  });
});
