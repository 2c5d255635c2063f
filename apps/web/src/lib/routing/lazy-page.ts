// Code-split pages with the chunk load timeout of SPEC.md §9 (120 s): a stalled chunk becomes an error.
import { LIMITS } from '@uc/shared';
import { type ComponentType, lazy } from 'react';

export function withTimeout<T>(load: () => Promise<T>, ms: number = LIMITS.chunkLoadTimeoutMs): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('页面资源加载超时，请刷新重试')), ms);
    load().then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(error);
      },
    );
  });
}

/** React.lazy over a named export, with the chunk timeout. */
export function lazyPage<P extends object, K extends string>(
  load: () => Promise<Record<K, ComponentType<P>>>,
  name: K,
) {
  return lazy(async () => ({ default: (await withTimeout(load))[name] }));
}
