import { describe, expect, it, vi } from 'vitest';
import { lazyModule } from './lazy-module';

// lib/lazy-module.ts: prefetch, then await the same import; a failed download is tried again.

describe('lazyModule', () => {
  it('imports nothing until it is asked to', () => {
    const importModule = vi.fn(async () => ({ value: 1 }));
    lazyModule(importModule);
    expect(importModule).not.toHaveBeenCalled();
  });

  it('a prefetch starts the import and a later load awaits that same import', async () => {
    let resolveImport: (module: { value: number }) => void = () => undefined;
    const importModule = vi.fn(
      () =>
        new Promise<{ value: number }>((resolve) => {
          resolveImport = resolve;
        }),
    );
    const module = lazyModule(importModule);
    module.prefetch();
    expect(importModule).toHaveBeenCalledTimes(1);

    const loaded = module.load();
    resolveImport({ value: 42 });
    await expect(loaded).resolves.toEqual({ value: 42 });
    await expect(module.load()).resolves.toEqual({ value: 42 });
    expect(importModule).toHaveBeenCalledTimes(1);
  });

  it('callers at the same time share one import', async () => {
    const importModule = vi.fn(async () => ({ value: 'x' }));
    const module = lazyModule(importModule);
    const [first, second] = await Promise.all([module.load(), module.load()]);
    expect(first).toBe(second);
    expect(importModule).toHaveBeenCalledTimes(1);
  });

  it('a failed import reaches the caller and the next load tries again', async () => {
    const importModule = vi
      .fn<() => Promise<{ value: number }>>()
      .mockRejectedValueOnce(new TypeError('Failed to fetch dynamically imported module'))
      .mockResolvedValueOnce({ value: 2 });
    const module = lazyModule(importModule);
    await expect(module.load()).rejects.toThrow('Failed to fetch dynamically imported module');
    await expect(module.load()).resolves.toEqual({ value: 2 });
    expect(importModule).toHaveBeenCalledTimes(2);
  });

  it('a failed prefetch is not an unhandled rejection; the load after it imports again', async () => {
    const importModule = vi
      .fn<() => Promise<{ value: number }>>()
      .mockRejectedValueOnce(new TypeError('offline'))
      .mockResolvedValueOnce({ value: 3 });
    const module = lazyModule(importModule);
    module.prefetch();
    // Let the failed prefetch settle (no timers: only queued promise callbacks).
    await Promise.resolve();
    await Promise.resolve();
    await expect(module.load()).resolves.toEqual({ value: 3 });
    expect(importModule).toHaveBeenCalledTimes(2);
  });
});
