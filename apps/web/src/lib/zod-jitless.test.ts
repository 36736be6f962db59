import { afterEach, describe, expect, it, vi } from 'vitest';

afterEach(() => vi.unstubAllGlobals());

describe('zod-jitless', () => {
  it('loaded before zod, stops zod from ever asking for `new Function`, which the CSP forbids', async () => {
    const functionConstructor = vi.fn(() => () => undefined);
    vi.stubGlobal('Function', functionConstructor);
    await import('./zod-jitless');
    const { z } = await import('zod');
    expect(z.config().jitless).toBe(true);
    const schema = z.object({ email: z.string(), count: z.number() });
    expect(schema.parse({ email: 'a@example.com', count: 2 })).toEqual({ email: 'a@example.com', count: 2 });
    expect(functionConstructor).not.toHaveBeenCalled();
  });
});
