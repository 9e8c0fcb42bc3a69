import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createRoot } from 'react-dom/client';
createRoot(document.body).render(<QueryClientProvider client={new QueryClient()}><div/></QueryClientProvider>);
