export const chatKeys = {
  all: ['chat'] as const,
  conversations: ['chat', 'conversations'] as const,
  threads: ['chat', 'thread'] as const,
  thread: (userId: string) => ['chat', 'thread', userId] as const,
  user: (userId: string) => ['chat', 'user', userId] as const,
  product: (productId: string) => ['chat', 'product', productId] as const,
};
