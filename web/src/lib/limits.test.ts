import { describe, expect, it } from 'vitest';
import vector from '../../../testdata/field-limits.json';
import { LIMITS } from './limits';

describe('field limits', () => {
  it('are the server’s, as testdata/field-limits.json pins them', () => {
    expect(LIMITS).toEqual(vector);
  });
});
