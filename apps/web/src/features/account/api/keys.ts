// Query keys of the account calls: everything belongs to the signed-in account.
import type { QueryClient } from '@tanstack/react-query';

export const accountKeys = {
  all: ['account'] as const,
  forUser: (userId: number) => [...accountKeys.all, userId] as const,
  profile: (userId: number) => [...accountKeys.forUser(userId), 'profile'] as const,
  security: (userId: number) => [...accountKeys.forUser(userId), 'security'] as const,
  /** The sub-account list, count and architecture: one prefix, so a change refreshes all three. */
  team: (userId: number) => [...accountKeys.forUser(userId), 'team'] as const,
};

/** What a change to a sub-account makes stale: the list, the count, the architecture and the security history. */
export async function invalidateTeam(client: QueryClient, userId: number): Promise<void> {
  await Promise.all([
    client.invalidateQueries({ queryKey: accountKeys.team(userId) }),
    client.invalidateQueries({ queryKey: accountKeys.security(userId) }),
  ]);
}
