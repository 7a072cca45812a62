import { plainToInstance } from 'class-transformer';
import { IsOptional, validateSync } from 'class-validator';
import { BoundedInt } from './bounded-int.decorator.js';

class Page {
  @IsOptional()
  @BoundedInt(0, 1_000_000)
  offset?: number;
}

const check = (offset: unknown) => {
  const page = plainToInstance(Page, { offset });
  const errors = validateSync(page);
  return { page, message: errors[0]?.constraints?.boundedInt };
};

describe('BoundedInt', () => {
  it.each([
    ['0', 0],
    ['25', 25],
    ['1000000', 1_000_000],
    [42, 42],
  ])('takes %j as %j', (given, value) => {
    expect(check(given)).toEqual({ page: { offset: value }, message: undefined });
  });

  it.each([
    ['1e20', '"1e20"'],
    ['9223372036854775808', '"9223372036854775808"'],
    ['9007199254740993', '"9007199254740993"'],
    ['1000001', '1000001'],
    ['-1', '-1'],
    ['1.5', '"1.5"'],
    ['0x10', '"0x10"'],
    [' 5', '" 5"'],
    ['', '""'],
    [1e20, '100000000000000000000'],
    [Number.NaN, 'NaN'],
    [['1'], 'a list'],
    [{ a: 1 }, 'an object'],
  ])('refuses %j, naming the field, the range and the value', (given, shown) => {
    expect(check(given).message).toBe(`offset must be an integer from 0 to 1000000 (got ${shown})`);
  });
});
