import { MantineProvider, Paper, Stack, Text, Title, Alert, Button, PasswordInput, TextInput, createTheme } from '@mantine/core';
import { createRoot } from 'react-dom/client';
const theme = createTheme({ primaryColor: 'blue' });
createRoot(document.body).render(<MantineProvider theme={theme}><Paper><Stack><Text>a</Text><Title>t</Title><Alert>x</Alert><TextInput label="a"/><PasswordInput label="b"/><Button>c</Button></Stack></Paper></MantineProvider>);
