// Query keys of 我的API: everything belongs to the signed-in account.
export const apiKeysKeys = {
  forUser: (userId: number) => ['api-keys', userId] as const,
};
