// Code-split pages with the chunk load timeout of docs/requirements.md §9 (120 s): a stalled chunk becomes an error.
import type { QueryClient } from '@tanstack/react-query';
import { LIMITS } from '@uc/shared';
import { type ComponentType, createElement, lazy, useState } from 'react';

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

/** A page that can be loaded ahead of its first render. */
export type PreloadablePage<P extends object, M> = ComponentType<P> & {
  /** Loads the page's module (once; again after a failure) and resolves to it. */
  preload: () => Promise<M>;
};

/**
 * React.lazy over a named export, with the chunk timeout. Once `preload` has loaded the module, a page mounted after
 * that renders it directly instead of suspending for a moment (which would paint the loader over the server's
 * skeleton); a page mounted before keeps its lazy element for its whole life, so it is never remounted.
 */
export function lazyPage<P extends object, K extends string, M extends Record<K, ComponentType<P>>>(
  load: () => Promise<M>,
  name: K,
): PreloadablePage<P, M> {
  let loaded: ComponentType<P> | undefined;
  let pending: Promise<M> | undefined;
  const preload = () => {
    pending ??= withTimeout(load).then(
      (module) => {
        loaded = module[name];
        return module;
      },
      (error: unknown) => {
        pending = undefined;
        throw error;
      },
    );
    return pending;
  };
  const Lazy: ComponentType<P> = lazy(async () => ({ default: (await preload())[name] as ComponentType<P> }));
  function Page(props: P) {
    const [direct] = useState(() => loaded);
    return direct ? createElement(direct, props) : createElement(Lazy, props);
  }
  return Object.assign(Page, { preload });
}

/**
 * What a page module may export as `firstQueries`: prefetches of the queries its first view draws, which the app
 * runs before its first render when the server answered them inside the page (app/routes/first-view.ts).
 */
export type FirstQueries = (client: QueryClient, userId: number) => readonly Promise<void>[];
