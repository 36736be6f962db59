import {
  type ApproveOAuthBody,
  type OAuthAuthorizationRequest,
  OAuthAuthorizationResponseSchema,
  OAuthRedirectResponseSchema,
} from '@giftrelay/contracts';
import { useMutation, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** What the application asks for, checked again by the server, and where the person may grant it. */
export const getAuthorization = async (request: OAuthAuthorizationRequest, signal?: AbortSignal) =>
  OAuthAuthorizationResponseSchema.parse(
    await api.get(`/api/v1/oauth/authorization?${new URLSearchParams(request as Record<string, string>)}`, { signal }),
  );

export const useAuthorization = (request: OAuthAuthorizationRequest | null) =>
  useQuery({
    queryKey: ['oauth-authorization', request],
    queryFn: ({ signal }) => getAuthorization(request as OAuthAuthorizationRequest, signal),
    enabled: request !== null,
    // A bad request stays bad: say so at once instead of retrying.
    retry: false,
  });

export const useApprove = () =>
  useMutation({
    mutationFn: async (body: ApproveOAuthBody) =>
      OAuthRedirectResponseSchema.parse(await api.post('/api/v1/oauth/authorization/approve', body)),
  });

export const useDeny = () =>
  useMutation({
    mutationFn: async (request: OAuthAuthorizationRequest) =>
      OAuthRedirectResponseSchema.parse(await api.post('/api/v1/oauth/authorization/deny', request)),
  });
