import { Center, Loader } from '@mantine/core';

/**
 * Shown while a lazy area or the first texts load. No words: the translations may not be there yet.
 */
export function PageLoader({ fullScreen = false }: { fullScreen?: boolean }) {
  return (
    <Center role="status" aria-busy="true" h={fullScreen ? '100vh' : '100%'} mih={120}>
      <Loader size="md" />
    </Center>
  );
}
