import type { BlogStreamEvent, GenerateBlogBody } from '@giftrelay/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useRef, useState } from 'react';
import { ApiError, api } from '@/lib/api-client';
import { readEvents } from '../utils/sse';
import { draftsKey } from './drafts';

export type GenerationState =
  | { status: 'idle' }
  | { status: 'generating'; text: string }
  | { status: 'done'; text: string; draftId: string }
  | { status: 'failed'; text: string; message: string };

/**
 * Streams a generation (POST /api/v1/operator/blog/generate, server-sent events): the text grows
 * as it arrives; the draft's id comes at the end. Resolves to the final state; never throws.
 */
export async function generateBlogPost(
  input: GenerateBlogBody,
  onText: (text: string) => void,
  signal?: AbortSignal,
): Promise<Exclude<GenerationState, { status: 'idle' | 'generating' }>> {
  let text = '';
  let final: BlogStreamEvent | null = null;
  try {
    const res = await api.postStream('/api/v1/operator/blog/generate', input, { signal });
    if (!res.body) return { status: 'failed', text, message: 'The server sent no answer.' };
    await readEvents(res.body, (event) => {
      if (event.event === 'delta') {
        text += event.text;
        onText(text);
      } else if (event.event === 'done' || event.event === 'error') final = event;
    });
  } catch (err) {
    const message = err instanceof ApiError || err instanceof Error ? err.message : 'Please try again.';
    return { status: 'failed', text, message };
  }
  const end = final as BlogStreamEvent | null;
  if (end?.event === 'done') return { status: 'done', text, draftId: end.draft_id };
  if (end?.event === 'error') return { status: 'failed', text, message: end.message };
  return { status: 'failed', text, message: 'The answer ended before it was complete. Please try again.' };
}

/** The generator's state and its start/cancel; the drafts list is refreshed after each success. */
export function useGenerateBlogPost() {
  const queryClient = useQueryClient();
  const [state, setState] = useState<GenerationState>({ status: 'idle' });
  const controller = useRef<AbortController | null>(null);
  const start = useCallback(
    async (input: GenerateBlogBody) => {
      controller.current?.abort();
      const abort = new AbortController();
      controller.current = abort;
      setState({ status: 'generating', text: '' });
      const result = await generateBlogPost(input, (text) => setState({ status: 'generating', text }), abort.signal);
      if (abort.signal.aborted) return null;
      setState(result);
      if (result.status === 'done') await queryClient.invalidateQueries({ queryKey: draftsKey });
      return result;
    },
    [queryClient],
  );
  const reset = useCallback((next: GenerationState = { status: 'idle' }) => {
    controller.current?.abort();
    setState(next);
  }, []);
  return { state, start, reset };
}
