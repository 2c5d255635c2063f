// Query keys of 消息中心: everything belongs to the signed-in account (a sub-account has its own inbox). A push of
// the group (PUSH_INBOX and the codes that also mean a new message) refreshes all of them.
export const messageKeys = {
  all: ['messages'] as const,
  forUser: (userId: number) => [...messageKeys.all, userId] as const,
  list: (userId: number) => [...messageKeys.forUser(userId), 'list'] as const,
  unreadCount: (userId: number) => [...messageKeys.forUser(userId), 'unread-count'] as const,
};
