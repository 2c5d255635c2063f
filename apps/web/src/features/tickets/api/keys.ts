// Query keys of 我的工单: everything is the signed-in account's (a main account reads its team's tickets).
export const ticketKeys = {
  all: ['tickets'] as const,
  forUser: (userId: number) => [...ticketKeys.all, userId] as const,
  list: (userId: number) => [...ticketKeys.forUser(userId), 'list'] as const,
  detail: (userId: number, id: number) => [...ticketKeys.forUser(userId), 'detail', id] as const,
};
