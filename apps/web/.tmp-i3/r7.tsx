import { MantineProvider, createTheme } from '@mantine/core';
import { createRoot } from 'react-dom/client';
const theme = createTheme({ primaryColor: 'blue' });
createRoot(document.body).render(<MantineProvider theme={theme}><div/></MantineProvider>);
