import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../config';

const problems = (env: Record<string, string>) => {
  try {
    loadConfig(env, '/srv/app');
  } catch (err) {
    if (err instanceof ConfigError) return err.problems;
    throw err;
  }
  throw new Error('expected a ConfigError');
};

const KEY = 'sk-live-secret-key-never-shown';

describe('writer configuration (LLM_*)', () => {
  it('uses the built-in writer with none set, and the LLM with all three', () => {
    expect(loadConfig({}, '/srv/app').llm).toBeNull();
    expect(
      loadConfig(
        { LLM_BASE_URL: 'https://api.example.com/v1/', LLM_API_KEY: KEY, LLM_MODEL: 'gpt-4o-mini' },
        '/srv/app',
      ).llm,
    ).toEqual({ baseUrl: 'https://api.example.com/v1', apiKey: KEY, model: 'gpt-4o-mini', timeoutMs: 60_000 });
  });

  it('needs all three or none, and never shows the key', () => {
    expect(problems({ LLM_API_KEY: KEY })).toEqual([
      "LLM_BASE_URL must be set with LLM_API_KEY and LLM_MODEL: the writer needs the API's address, key and model, or none of them for the built-in writer",
      "LLM_MODEL must be set with LLM_BASE_URL and LLM_API_KEY: the writer needs the API's address, key and model, or none of them for the built-in writer",
    ]);
    const bad = problems({
      LLM_BASE_URL: 'ftp://x',
      LLM_API_KEY: `${KEY}\u0000${'x'.repeat(1000)}`,
      LLM_MODEL: 'has spaces',
      LLM_TIMEOUT_MS: '10',
    });
    expect(bad).toEqual([
      'LLM_BASE_URL must be an http(s) URL, such as https://api.openai.com/v1 (got "ftp://x/")',
      'LLM_API_KEY must be at most 1000 characters',
      'LLM_MODEL must be a model name without spaces, such as gpt-4o-mini (got "has spaces")',
      'LLM_TIMEOUT_MS must be a whole number from 1000 to 600000 (got "10")',
    ]);
    expect(bad.join('\n')).not.toContain(KEY);
  });
});
